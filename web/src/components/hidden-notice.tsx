import { useMutation, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import type { ReportedKind } from "#events/contracts/moderation.ts"
import { callApi, errorMessage } from "../lib/api.ts"
import { Alert } from "./ui/alert.tsx"
import { Button } from "./ui/button.tsx"
import { Textarea } from "./ui/textarea.tsx"

/**
 * What the author of a hidden song, comment or playlist reads in its place: that only they see it, why
 * an admin hid it, and their one appeal (another admin decides it; a second is refused, saying so).
 */
export const HiddenNotice = ({
  kind,
  id,
  reason,
}: {
  readonly kind: ReportedKind
  readonly id: string
  /** Why an admin hid it. */
  readonly reason: string
}) => {
  const queryClient = useQueryClient()
  const [text, setText] = useState("")
  const [writing, setWriting] = useState(false)
  const appeal = useMutation({
    mutationFn: () => callApi((api) => api.decisions.appeal({ payload: { kind, id, text } })),
    onSuccess: () => queryClient.invalidateQueries(),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    appeal.mutate()
  }
  return (
    <Alert tone="danger" title={`Hidden by an admin: only you can see this ${kind}`}>
      <p>Reason: {reason}</p>
      {appeal.isSuccess ? (
        <p>Your appeal is with the admins. Another admin will decide it, and you will be told.</p>
      ) : writing ? (
        <form className="mt-2 grid gap-2" onSubmit={submit}>
          <Textarea
            required
            rows={3}
            maxLength={1000}
            aria-label="Why it should be shown again"
            placeholder="Why it should be shown again"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <div>
            <Button type="submit" size="sm" disabled={appeal.isPending || text.trim() === ""}>
              Send appeal
            </Button>
          </div>
          {appeal.isError && (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(appeal.error, "The appeal could not be sent.")}
            </p>
          )}
        </form>
      ) : (
        <div>
          <Button size="sm" variant="secondary" onClick={() => setWriting(true)}>
            Appeal
          </Button>
          <span className="ml-2 text-xs text-muted">You may appeal once.</span>
        </div>
      )}
    </Alert>
  )
}
