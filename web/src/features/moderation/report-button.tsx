import { useMutation } from "@tanstack/react-query"
import { Flag } from "lucide-react"
import { type FormEvent, useId, useState } from "react"
import type { ReportedKind, ReportReason } from "#events/contracts/moderation.ts"
import { Button } from "../../components/ui/button.tsx"
import {
  Dialog,
  DialogActions,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog.tsx"
import { Textarea } from "../../components/ui/textarea.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { toast } from "../../lib/toast/toast-store.ts"

const reasons: ReadonlyArray<readonly [ReportReason, string]> = [
  ["spam", "Spam"],
  ["harassment", "Harassment or bullying"],
  ["hate", "Hate"],
  ["sexual content", "Sexual content"],
  ["impersonation", "Impersonation"],
  ["copyright", "Copyright"],
  ["other", "Something else"],
]

/**
 * Reports a song, a comment, a playlist or a creator to the admins: a reason from the list (something
 * else says what), sent once; the person is thanked, or told they reported it already.
 */
export const ReportButton = ({
  kind,
  id,
  name,
}: {
  readonly kind: ReportedKind
  readonly id: string
  /** How the thing is named in the button's label: "Paper Lanterns", "this comment". */
  readonly name: string
}) => {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState<ReportReason>()
  const [details, setDetails] = useState("")
  const detailsId = useId()
  const send = useMutation({
    mutationFn: () =>
      callApi((api) =>
        api.reports.report({ payload: { kind, id, reason: reason!, details: details.trim() } }),
      ),
    onSuccess: (answer) => {
      setOpen(false)
      setReason(undefined)
      setDetails("")
      toast({ title: "Reported", description: answer.message, variant: "success" })
    },
  })
  const ready = reason !== undefined && (reason !== "other" || details.trim() !== "")
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (ready) send.mutate()
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Report ${name}`}>
          <Flag className="h-4 w-4" aria-hidden /> Report
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Report {name}</DialogTitle>
        <DialogDescription>
          An admin will look at it, and you will be told what they decide.
        </DialogDescription>
        <form onSubmit={submit} className="mt-4 grid gap-3">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold">Why?</legend>
            {reasons.map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {label}
              </label>
            ))}
          </fieldset>
          <label htmlFor={detailsId} className="text-sm font-semibold">
            {reason === "other" ? "What is wrong?" : "Anything to add? (optional)"}
          </label>
          <Textarea
            id={detailsId}
            rows={3}
            maxLength={500}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
          />
          {send.isError && (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(send.error)}
            </p>
          )}
          <DialogActions>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={!ready || send.isPending}>
              {send.isPending ? "Sending..." : "Send report"}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  )
}
