import { type FormEvent, useId, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Textarea } from "../../components/ui/textarea.tsx"
import { errorMessage } from "../../lib/api.ts"

/** The most a comment says, as the server counts it. */
const maxLength = 1000

/**
 * Where a comment, a reply or an edit is written: its length counted as it is typed, sent on the button
 * or Ctrl+Enter, and the server's refusal shown under it.
 */
export const CommentComposer = ({
  label,
  submitLabel,
  initial = "",
  pending,
  onSubmit,
  onCancel,
}: {
  readonly label: string
  readonly submitLabel: string
  readonly initial?: string
  readonly pending: boolean
  readonly onSubmit: (text: string) => Promise<unknown>
  readonly onCancel?: () => void
}) => {
  const [text, setText] = useState(initial)
  const [error, setError] = useState<string>()
  const id = useId()
  const tooLong = text.length > maxLength
  const send = async (event?: FormEvent) => {
    event?.preventDefault()
    if (!text.trim() || tooLong || pending) return
    setError(undefined)
    try {
      await onSubmit(text)
      setText("")
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }
  return (
    <form onSubmit={send} className="grid gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Textarea
        id={id}
        value={text}
        rows={2}
        placeholder={label}
        aria-invalid={tooLong || error !== undefined}
        aria-describedby={`${id}-count`}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void send()
        }}
      />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex items-center justify-end gap-2">
        <span id={`${id}-count`} className={tooLong ? "text-xs text-danger" : "text-xs text-faint"}>
          {text.length.toLocaleString("en")} / {maxLength.toLocaleString("en")}
        </span>
        {onCancel && (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" disabled={!text.trim() || tooLong || pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
