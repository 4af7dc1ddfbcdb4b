import { SendHorizontal } from "lucide-react"
import { type KeyboardEvent, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { Textarea } from "../../components/ui/textarea.tsx"

/** Enter sends, Shift+Enter starts a new line; nothing but spaces is never sent. */
export const ChatInput = ({
  pending,
  onSend,
}: {
  readonly pending: boolean
  readonly onSend: (message: string) => void
}) => {
  const [text, setText] = useState("")
  const send = () => {
    const message = text.trim()
    if (message === "" || pending) return
    onSend(message)
    setText("")
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      send()
    }
  }
  return (
    <form
      className="flex items-end gap-2 border-t border-line p-3"
      onSubmit={(event) => {
        event.preventDefault()
        send()
      }}
    >
      <Textarea
        aria-label="Message Melody"
        placeholder="Tell Melody about your song..."
        rows={2}
        value={text}
        maxLength={4000}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        className="max-h-40 min-h-12 resize-none"
      />
      <Button type="submit" size="icon" disabled={pending} aria-label="Send message">
        {pending ? <Spinner className="h-4 w-4" /> : <SendHorizontal className="h-4 w-4" />}
      </Button>
    </form>
  )
}
