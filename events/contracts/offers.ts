import { Schema } from "effect"

// What can be bought (packs once, plans monthly) and what it costs, as billing's events record it.

export const PackId = Schema.Literal("basic", "pro", "premium")
export type PackId = typeof PackId.Type

export const PlanId = Schema.Literal("BASIC", "PRO", "PREMIUM")
export type PlanId = typeof PlanId.Type

/** A price or a payment, in cents of its currency. */
export const Money = { amountCents: Schema.Int, currency: Schema.String }
