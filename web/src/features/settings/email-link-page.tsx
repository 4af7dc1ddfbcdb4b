import { useMutation, useQueryClient } from "@tanstack/react-query"
import { CheckCircle2, XCircle } from "lucide-react"
import { Link, useParams, useSearchParams } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { currentUserQuery } from "../../lib/session.ts"

const kinds = {
  confirm: {
    title: "Confirm your new email",
    explain: "Your account moves to the address this link was sent to.",
    action: "Confirm my new email",
    call: (token: string) => callApi((api) => api.emailLinks.confirmEmail({ payload: { token } })),
  },
  undo: {
    title: "Undo the change of email",
    explain:
      "Your account goes back to this address, and every session is signed out, yours included.",
    action: "Undo the change",
    call: (token: string) =>
      callApi((api) => api.emailLinks.undoEmailChange({ payload: { token } })),
  },
} as const

/**
 * Where a change of address's mailed links lead: /email/confirm and /email/undo. Each acts on a press, not on opening: a mail scanner
 * that opens links must not move an account, or sign it out.
 */
export const EmailLinkPage = () => {
  const [params] = useSearchParams()
  const kind = useParams().step === "undo" ? "undo" : "confirm"
  const token = params.get("token") ?? ""
  const queryClient = useQueryClient()
  const text = kinds[kind]
  const act = useMutation({
    mutationFn: () => text.call(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  })
  return (
    <Card className="mx-auto mt-8 grid max-w-md gap-4 p-8 text-center">
      <h1 className="font-display text-2xl font-bold">{text.title}</h1>
      {act.isSuccess ? (
        <>
          <CheckCircle2 className="mx-auto h-12 w-12 text-success" aria-hidden />
          <p role="status">{act.data.message}</p>
          <Button asChild>
            <Link to={kind === "undo" ? "/forgot-password" : "/settings"}>
              {kind === "undo" ? "Reset my password" : "Go to settings"}
            </Link>
          </Button>
        </>
      ) : token === "" ? (
        <p role="alert" className="text-danger">
          This link is incomplete. Open the whole link from the mail.
        </p>
      ) : (
        <>
          <p className="text-muted">{text.explain}</p>
          {act.isError && (
            <p role="alert" className="flex items-center justify-center gap-2 text-danger">
              <XCircle className="h-5 w-5" aria-hidden /> {errorMessage(act.error)}
            </p>
          )}
          <Button disabled={act.isPending} onClick={() => act.mutate()}>
            {act.isPending ? "Working..." : text.action}
          </Button>
        </>
      )}
    </Card>
  )
}
