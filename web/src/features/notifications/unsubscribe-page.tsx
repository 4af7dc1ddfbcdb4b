import { useMutation } from "@tanstack/react-query"
import { Link, useSearchParams } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"

/**
 * Where a notification mail's unsubscribe link leads: it asks before it turns the mail off (a mail
 * scanner follows links, and only a person presses the button), without signing in.
 */
export const UnsubscribePage = () => {
  const [params] = useSearchParams()
  const token = params.get("token") ?? ""
  const unsubscribe = useMutation({
    mutationFn: () =>
      callApi((api) =>
        api.notificationReading.unsubscribe({
          urlParams: { token },
          payload: { "List-Unsubscribe": "One-Click" },
        }),
      ),
  })
  return (
    <Card className="mx-auto grid max-w-md gap-4 p-8 text-center">
      <h1 className="font-display text-2xl font-bold">E-mail from Melody Studio</h1>
      {unsubscribe.isSuccess ? (
        <p role="status">{unsubscribe.data.message}</p>
      ) : (
        <>
          <p className="text-muted">Stop getting this kind of e-mail?</p>
          {unsubscribe.isError && (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(unsubscribe.error)}
            </p>
          )}
          <Button
            className="justify-self-center"
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate()}
          >
            Unsubscribe
          </Button>
        </>
      )}
      <p className="text-sm text-faint">
        Choose which e-mails you get from the bell in the header once you{" "}
        <Link to="/auth" className="text-primary hover:underline">
          sign in
        </Link>
        .
      </p>
    </Card>
  )
}
