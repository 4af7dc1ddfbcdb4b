import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { NotFound } from "#api/refusals.ts"
import { ReceiptLine, ReceiptList } from "./api-receipts.ts"

interface Row {
  readonly payment_id: string
  readonly paid_at: Date
  readonly description: string
  readonly credits: number
  readonly amount_cents: number
  readonly tax_cents: number
  readonly currency: string
  readonly refunded_cents: number
  readonly invoice_number: string | null
  readonly invoice_url: string | null
}

const statusOf = (row: Row) =>
  row.refunded_cents === 0
    ? ("paid" as const)
    : row.refunded_cents >= row.amount_cents
      ? ("refunded" as const)
      : ("partially_refunded" as const)

const line = (row: Row) =>
  new ReceiptLine({
    paymentId: row.payment_id,
    paidAt: row.paid_at,
    description: row.description,
    credits: row.credits,
    amountCents: row.amount_cents,
    taxCents: row.tax_cents,
    currency: row.currency.toUpperCase(),
    refundedCents: row.refunded_cents,
    status: statusOf(row),
    invoiceNumber: row.invoice_number,
    invoiceUrl: row.invoice_url,
  })

const notFound = new NotFound({ message: "You have no payment with this id." })

/** A person's own receipts (see receipts.ts): never another person's. */
export const makeReceiptReads = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = (userId: string, paymentId: string | null) =>
    sql<Row>`
      select r.payment_id, r.paid_at, r.description, r.credits, r.amount_cents, r.tax_cents,
             r.currency, r.refunded_cents, l.invoice_number, l.invoice_url
        from billing.receipts r left join billing.invoice_links l using (payment_id)
       where r.user_id = ${userId} and (${paymentId}::text is null or r.payment_id = ${paymentId})
       order by r.paid_at desc, r.payment_id`.pipe(Effect.orDie)

  const list = (userId: string) =>
    Effect.map(rows(userId, null), (found) => new ReceiptList({ receipts: found.map(line) }))

  const one = (userId: string, paymentId: string) =>
    Effect.flatMap(rows(userId, paymentId), ([row]) =>
      row === undefined ? Effect.fail(notFound) : Effect.succeed(line(row)),
    )

  return { list, one }
})
