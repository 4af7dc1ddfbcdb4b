import { useMutation, useQuery } from "@tanstack/react-query"
import { CreditCard, FlaskConical } from "lucide-react"
import { Link, useNavigate, useParams } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import { PageSpinner } from "../../components/ui/page-spinner.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { formatPrice } from "./format.ts"

const Closed = ({ text }: { readonly text: string }) => (
  <Card className="mx-auto max-w-md p-8 text-center">
    <p className="text-muted">{text}</p>
    <Button asChild className="mt-6">
      <Link to="/credits">Back to Credits & Billing</Link>
    </Button>
  </Card>
)

/**
 * The offline test mode's checkout (/checkout/:sessionId): the order, and Pay or Cancel. Paying records
 * the same payment a card provider would report, then returns to /credits as a provider would.
 */
export const CheckoutPage = () => {
  const { sessionId = "" } = useParams()
  const navigate = useNavigate()
  const checkout = useQuery({
    queryKey: ["checkout", sessionId],
    queryFn: () => callApi((api) => api.billing.offlineCheckout({ path: { sessionId } })),
  })
  const finish = useMutation({
    mutationFn: (action: "pay" | "cancel") =>
      callApi((api) =>
        action === "pay"
          ? api.billing.payOfflineCheckout({ path: { sessionId } })
          : api.billing.cancelOfflineCheckout({ path: { sessionId } }),
      ),
    onSuccess: ({ redirectUrl }) => navigate(redirectUrl, { replace: true }),
    onError: (error) => {
      toast({
        title: "Payment Error",
        description: errorMessage(error, "Failed to create payment. Please try again."),
        variant: "destructive",
      })
      // A plan paid at the same moment as another is refunded: the page then says so.
      void checkout.refetch()
    },
  })

  if (checkout.isPending) return <PageSpinner />
  if (checkout.isError) return <Closed text="This checkout does not exist." />
  const order = checkout.data
  if (order.status === "paid") return <Closed text="This checkout is already paid." />
  if (order.status === "cancelled") return <Closed text="This checkout was cancelled." />
  if (order.status === "refunded") {
    return (
      <Closed text="This plan was not started, as another plan was active: its payment is refunded in full." />
    )
  }
  const price = formatPrice(order.amountCents, order.currency.toUpperCase())

  return (
    <section className="mx-auto max-w-md animate-rise">
      <div className="mb-4 flex items-center gap-2 rounded-2xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-warning">
        <FlaskConical className="h-4 w-4 shrink-0" aria-hidden />
        <p>
          <strong>Test mode.</strong> No card is charged: this page stands in for a payment
          provider.
        </p>
      </div>
      <Card className="p-8">
        <div className="flex items-center gap-3">
          <CreditCard className="h-6 w-6 text-primary" aria-hidden />
          <h1 className="font-display text-2xl font-bold tracking-tight">Checkout</h1>
        </div>
        <dl className="mt-6 space-y-3 text-sm" aria-label="Order summary">
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Item</dt>
            <dd className="text-right font-semibold">{order.description}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Credits</dt>
            <dd className="font-semibold">
              {order.credits}
              {order.kind === "subscription" ? " every month" : ""}
            </dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-line pt-3 text-base">
            <dt className="font-semibold">Total</dt>
            <dd className="font-display font-bold">
              {price}
              {order.kind === "subscription" ? " / month" : ""}
            </dd>
          </div>
        </dl>
        <div className="mt-8 flex flex-col gap-2 sm:flex-row-reverse">
          <Button
            className="flex-1"
            onClick={() => finish.mutate("pay")}
            disabled={finish.isPending}
          >
            {finish.isPending && finish.variables === "pay" ? "Paying..." : "Pay"}
          </Button>
          <Button
            variant="secondary"
            className="flex-1"
            onClick={() => finish.mutate("cancel")}
            disabled={finish.isPending}
          >
            Cancel
          </Button>
        </div>
      </Card>
    </section>
  )
}
