import { Context, type Effect } from "effect"
import type {
  PackId,
  PaymentProviderName,
  PlanId,
  RefundReason,
} from "#events/contracts/billing.ts"
import type { PaymentProviderFailed } from "./api.ts"
import type { InvoiceLink } from "./invoice-links.ts"
import type { Offer } from "./price-list.ts"
import type { ProviderCharge } from "./provider-payments.ts"

export type CheckoutRequest =
  | {
      readonly kind: "pack"
      readonly offer: Offer<PackId>
      readonly userId: string
      readonly email: string
      readonly currency: string
      readonly description: string
    }
  | {
      readonly kind: "subscription"
      readonly offer: Offer<PlanId>
      readonly userId: string
      readonly email: string
      readonly currency: string
      readonly description: string
    }

/** A paid subscription invoice, as the provider reports it. */
export interface PaidInvoice {
  readonly subscriptionId: string
  readonly invoiceId: string
  /** The paid period ends then; the next invoice is due. */
  readonly periodEnd: Date
  readonly amountCents: number
  readonly currency: string
  /** The provider's charge that paid it, when it names one. */
  readonly charge?: ProviderCharge | undefined
  /** Before tax added on top, and the tax in `amountCents` (Stripe Tax); unset: no tax. */
  readonly subtotalCents?: number | undefined
  readonly taxCents?: number | undefined
  /** The provider's invoice document, for the receipt. */
  readonly invoice?: InvoiceLink | undefined
}

/** A subscriber's change of plan, as the account's rules decided it applies (see plan-changes.ts). */
export interface PlanChangeRequest {
  readonly userId: string
  readonly subscriptionId: string
  readonly fromPlan: PlanId
  readonly toPlan: PlanId
  /** Now: the prorated difference is invoiced at once; at renewal: the renewal invoices the new price. */
  readonly effective: "now" | "at_renewal"
  readonly renewsAt: Date
  readonly now: Date
}

/** A refund the provider made: its own id, and what it gave back. */
export interface ProviderRefund {
  readonly refundId: string
  readonly amountCents: number
  readonly currency: string
}

/** What the provider knows of a checkout session now. */
export type CheckoutState =
  | { readonly status: "open" }
  | { readonly status: "expired" }
  | {
      readonly status: "paid"
      readonly kind: "pack"
      readonly amountCents: number
      readonly currency: string
      readonly charge?: ProviderCharge | undefined
      readonly subtotalCents?: number | undefined
      readonly taxCents?: number | undefined
      readonly invoice?: InvoiceLink | undefined
    }
  | { readonly status: "paid"; readonly kind: "subscription"; readonly invoice: PaidInvoice }

/**
 * Where people pay: Stripe Checkout when configured, the app's own test-mode checkout page otherwise.
 * Both end in the same payment facts (see payments.ts).
 */
export class PaymentProvider extends Context.Tag("@melody/billing/PaymentProvider")<
  PaymentProvider,
  {
    readonly name: PaymentProviderName
    /** Opens a checkout; answers its id and the page the buyer goes to. */
    readonly startCheckout: (
      request: CheckoutRequest,
    ) => Effect.Effect<{ readonly sessionId: string; readonly url: string }, PaymentProviderFailed>
    readonly checkoutState: (
      sessionId: string,
    ) => Effect.Effect<CheckoutState, PaymentProviderFailed>
    /** Stops renewals; answers when the paid period ends. */
    readonly cancelAtPeriodEnd: (
      subscriptionId: string,
      periodEnd: Date,
    ) => Effect.Effect<{ readonly endsAt: Date }, PaymentProviderFailed>
    /**
     * Changes the plan the provider bills. An upgrade answers its prorated invoice when the provider
     * knows it paid already (the test mode always; Stripe when the card paid at once), else null: its
     * `invoice.paid` webhook reports it.
     */
    readonly changePlan: (
      change: PlanChangeRequest,
    ) => Effect.Effect<{ readonly invoice: PaidInvoice | null }, PaymentProviderFailed>
    /** Ends a subscription now: it is never invoiced again. One that has ended already stays so. */
    readonly endSubscriptionNow: (
      subscriptionId: string,
    ) => Effect.Effect<void, PaymentProviderFailed>
    /**
     * Gives a paid invoice's payment back in full, once however often it is asked: a refund the provider
     * made for it already is answered again.
     */
    readonly refundInvoice: (
      invoice: {
        readonly invoiceId: string
        readonly amountCents: number
        readonly currency: string
      },
      reason: RefundReason,
    ) => Effect.Effect<ProviderRefund, PaymentProviderFailed>
  }
>() {}
