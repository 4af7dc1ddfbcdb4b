import type { PackId, PlanId } from "#events/contracts/billing.ts"
import { offerNames } from "./api-offers.ts"

/** What can be bought: prices in cents of the configured currency. Only the server's prices count. */
export interface Offer<Id> {
  readonly id: Id
  readonly name: string
  readonly credits: number
  readonly priceCents: number
}

export const packs: ReadonlyArray<Offer<PackId>> = [
  { id: "basic", name: offerNames.basic, credits: 50, priceCents: 499 },
  { id: "pro", name: offerNames.pro, credits: 150, priceCents: 1329 },
  { id: "premium", name: offerNames.premium, credits: 500, priceCents: 3999 },
]

/** Monthly: about twice the credits of the pack at the same price. */
export const plans: ReadonlyArray<Offer<PlanId>> = [
  { id: "BASIC", name: offerNames.BASIC, credits: 100, priceCents: 499 },
  { id: "PRO", name: offerNames.PRO, credits: 300, priceCents: 1329 },
  { id: "PREMIUM", name: offerNames.PREMIUM, credits: 1000, priceCents: 3999 },
]

export const packById = (id: PackId): Offer<PackId> => packs.find((pack) => pack.id === id)!
export const planById = (id: PlanId): Offer<PlanId> => plans.find((plan) => plan.id === id)!

/**
 * The pack a client asked for by its credits and price (the spec's payload), only if both match one of
 * ours exactly: a tampered amount buys nothing.
 */
export const packMatching = (credits: number, amount: number): Offer<PackId> | undefined =>
  packs.find((pack) => pack.credits === credits && Math.round(amount * 100) === pack.priceCents)
