import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** The invoice a provider made for a payment: its number and the page where the payer reads it. */
export interface InvoiceLink {
  readonly number: string | null
  readonly url: string | null
}

/**
 * Billing's private record of each payment's invoice at the provider (none in the test mode, whose
 * receipts link to the app's own receipt page). Written in the transaction that records the payment, so
 * the receipt made from the payment's event always finds it.
 */
export const makeInvoiceLinks = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  const record = (paymentId: string, link: InvoiceLink | undefined) =>
    link === undefined || (link.number === null && link.url === null)
      ? Effect.void
      : sql`
          insert into billing.invoice_links (payment_id, invoice_number, invoice_url)
          values (${paymentId}, ${link.number}, ${link.url})
          on conflict do nothing`.pipe(Effect.orDie, Effect.asVoid)

  return { record }
})
