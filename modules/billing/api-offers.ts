import type { PackId, PlanId } from "#events/contracts/offers.ts"

// How people read what can be bought: receipts, checkouts, mails and the ledger.

/** Each pack's and plan's name as people read it. */
export const offerNames: Record<PackId | PlanId, string> = {
  basic: "Basic",
  pro: "Pro",
  premium: "Premium",
  BASIC: "Basic",
  PRO: "Pro",
  PREMIUM: "Premium",
}

/** Money as receipts and the ledger write it: "13.29 EUR". */
export const describeMoney = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`

/** An offer as checkouts, receipts and the ledger name it: "Pro pack: 150 credits". */
export const describeOffer = (
  kind: "pack" | "subscription",
  item: PackId | PlanId,
  credits: number,
) =>
  kind === "pack"
    ? `${offerNames[item]} pack: ${credits} credits`
    : `${offerNames[item]} plan: ${credits} credits a month`
