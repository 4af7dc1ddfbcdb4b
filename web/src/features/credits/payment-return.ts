import { useEffect, useRef } from "react"
import { useNavigate, useSearchParams } from "react-router"
import { callApi } from "../../lib/api.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { useRefreshCredits } from "./credits-queries.ts"
import { offerName } from "./format.ts"

/** How often a payment still processing is asked about again, and how long apart. */
const pendingChecks = 5
const pendingInterval = 3000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The way back from a checkout (/credits?success=true&session_id=...): the address is tidied to /credits,
 * then the payment is verified, as a subscription first and as a pack if it is not one, so the credits
 * show even when the payment provider's webhook is late.
 */
export const usePaymentReturn = () => {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const refresh = useRefreshCredits()
  const handled = useRef<string | null>(null)

  useEffect(() => {
    const sessionId = params.get("session_id")
    const success = params.get("success")
    const cancelled = params.get("canceled")
    if (sessionId === null && success === null && cancelled === null) return
    const key = params.toString()
    if (handled.current === key) return
    handled.current = key
    navigate("/credits", { replace: true })
    if (cancelled === "true" && sessionId === null) {
      toast({ title: "Checkout cancelled", description: "No payment was taken." })
      return
    }
    if (sessionId !== null) void verify(sessionId)

    async function verify(session: string) {
      const subscription = await callApi((api) =>
        api.billing.verifySubscription({ urlParams: { sessionId: session } }),
      ).catch(() => undefined)
      if (subscription?.status === "processed" || subscription?.status === "already_processed") {
        toast({
          title: "Subscription Activated",
          description: `Successfully activated ${offerName(subscription.planId ?? "")} plan with ${subscription.credits} credits!`,
          variant: "success",
        })
        await refresh()
        return
      }
      if (subscription?.status === "refunded") {
        toast({
          title: "Subscription Not Started",
          description: `You already have an active plan, so the ${offerName(subscription.planId ?? "")} plan was not started: its payment is being refunded in full.`,
          duration: 10_000,
        })
        await refresh()
        return
      }
      try {
        for (let check = 0; check <= pendingChecks; check++) {
          const oneTime = await callApi((api) =>
            api.billing.verifyOneTime({ urlParams: { sessionId: session } }),
          )
          if (oneTime.status === "success") {
            toast({
              title: "Payment Successful",
              description: `Successfully added ${oneTime.creditAmount} credits to your account!`,
              variant: "success",
            })
            await refresh()
            return
          }
          if (check === 0) {
            toast({
              title: "Payment Processing",
              description:
                "Your payment is being processed. Please wait a moment and refresh the page.",
            })
          }
          await sleep(pendingInterval)
        }
        await refresh()
      } catch {
        toast({
          title: "Verification Error",
          description:
            "Unable to verify payment status. Please contact support if credits are missing.",
          variant: "destructive",
        })
      }
    }
  }, [params, navigate, refresh])
}
