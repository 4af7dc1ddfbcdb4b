import { queryOptions, useMutation } from "@tanstack/react-query"
import { apiMutation, callApi } from "../../lib/api.ts"
import { liveKeys } from "../../lib/live-stream.ts"

/** The person's invoices and receipts, newest first; refreshed with the rest of their credits. */
export const receiptsQuery = queryOptions({
  queryKey: [...liveKeys.credits, "receipts"] as const,
  queryFn: () => callApi((api) => api.receipts.receipts()),
})

/** One of the person's receipts, for its own page. */
export const receiptQuery = (paymentId: string) =>
  queryOptions({
    queryKey: [...liveKeys.credits, "receipts", paymentId] as const,
    queryFn: () => callApi((api) => api.receipts.receipt({ path: { paymentId } })),
    retry: false,
  })

/** Opens Stripe's customer portal: card, invoices, cancelling. */
export const useBillingPortal = () =>
  useMutation({
    ...apiMutation((api, _: undefined) => api.receipts.billingPortal()),
    onSuccess: ({ url }) => window.location.assign(url),
  })
