import { escapeHtml } from "#toolkit/escape-html.ts"
import { describeMoney } from "./api-offers.ts"

/** What a receipt says: a payment (a pack, a plan's first month, a renewal) or a refund of one. */
export interface Receipt {
  readonly kind: "purchase" | "renewal" | "refund"
  /** What was bought: "Pro pack: 150 credits". */
  readonly description: string
  /** Paid, or given back; tax included. */
  readonly amountCents: number
  readonly currency: string
  /** The tax included in `amountCents`; 0 when there is none. */
  readonly taxCents: number
  /** Credits added, or taken back by a refund. */
  readonly credits: number
  readonly balanceAfter: number
  /** The provider's invoice number, when it made one. */
  readonly invoiceNumber: string | null
  /** The invoice's page, or the app's own receipt page. */
  readonly link: string
}

const subjects: Record<Receipt["kind"], string> = {
  purchase: "Your Melody Studio receipt",
  renewal: "Your Melody Studio plan renewed: receipt",
  refund: "Your Melody Studio refund",
}

const money = (receipt: Receipt) => {
  const amount = describeMoney(receipt.amountCents, receipt.currency)
  return receipt.taxCents > 0
    ? `${amount} (incl. tax ${describeMoney(receipt.taxCents, receipt.currency)})`
    : amount
}

const plural = (credits: number) => `${credits} ${Math.abs(credits) === 1 ? "credit" : "credits"}`

/** The receipt mail: amount, currency, the tax in it, the credits, the balance after, and the invoice. */
export const receiptMail = (receipt: Receipt) => {
  const refund = receipt.kind === "refund"
  const lines = [
    refund
      ? `A refund of your payment for ${receipt.description}.`
      : `Thank you for your payment for ${receipt.description}.`,
    `${refund ? "Refunded" : "Paid"}: ${money(receipt)}`,
    `${refund ? "Credits taken back" : "Credits added"}: ${plural(receipt.credits)}`,
    `Your balance: ${plural(receipt.balanceAfter)}`,
  ]
  const label = receipt.invoiceNumber === null ? "Your receipt" : `Invoice ${receipt.invoiceNumber}`
  return {
    subject: `${subjects[receipt.kind]}: ${describeMoney(receipt.amountCents, receipt.currency)}`,
    text: [...lines, "", `${label}: ${receipt.link}`].join("\n"),
    html: `<!doctype html><html><body>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}<p><a href="${escapeHtml(receipt.link)}">${escapeHtml(label)}</a></p></body></html>`,
  }
}
