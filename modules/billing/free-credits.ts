import { Schema } from "effect"
import { DailyCreditsGranted } from "#events/contracts/billing.ts"
import type { CreditAccount } from "./credit-account-state.ts"
import { type CreditCommand, type Decision, emits, refuses } from "./credit-commands.ts"
import { AlreadyGranted } from "./credit-refusals.ts"

// The day's free credits (DAILY_FREE_CREDITS). They are part of the balance, spent before paid credits;
// what a payment's refund or dispute takes comes out of the paid part first, and the free credits shrink
// only when the balance left is smaller than them. So 0 <= free <= max(0, balance) always.

/** The account's free credits. Defaults, so that snapshots taken before they existed still read. */
export const FreeCredits = {
  /** Free credits left: part of the balance. */
  free: Schema.optionalWith(Schema.Int, { default: () => 0 }),
  /** The UTC day (YYYY-MM-DD) of the last grant: a day grants once. */
  freeDay: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  /** The day's allowance at the last grant: a refunded debit gives free credits back up to it. */
  freeLimit: Schema.optionalWith(Schema.Int, { default: () => 0 }),
  /** Recent debits that spent free credits, as [generation, free credits spent]. */
  freeSpent: Schema.optionalWith(Schema.Array(Schema.Tuple(Schema.String, Schema.Int)), {
    default: () => [],
  }),
}

export const noFreeCredits = { free: 0, freeDay: null, freeLimit: 0, freeSpent: [] }

/** The UTC day a moment falls on, as a grant names it. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10)

/** The next UTC midnight after `at`: when the next day's grant is due. */
export const nextUtcMidnight = (at: Date) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1))

export const freeAfterGrant = (event: DailyCreditsGranted) => ({
  free: event.freeAfter,
  freeDay: event.day,
  freeLimit: event.perDay,
})

/** A payment's refund, a lost dispute or a removal takes paid credits first. */
export const freeAfterReversal = (state: CreditAccount, balanceAfter: number) =>
  Math.min(state.free, Math.max(0, balanceAfter))

/** What a debit of `amount` takes of the free credits. */
export const freePartOfDebit = (state: CreditAccount, amount: number) =>
  Math.max(0, Math.min(state.free, amount))

/**
 * What a refunded debit gives back to the free credits: what it took of them, up to the day's allowance
 * (a debit of yesterday's free credits refunded after today's grant never lifts them past a day's worth)
 * and up to the balance after it (what settles a debt is not free); the rest comes back as paid credits.
 */
export const freePartOfRefund = (
  state: CreditAccount,
  generationId: string,
  balanceAfter: number,
) => {
  const spent = state.freeSpent.find(([generation]) => generation === generationId)?.[1] ?? 0
  const room = Math.min(state.freeLimit, Math.max(0, balanceAfter)) - state.free
  return Math.max(0, Math.min(spent, room))
}

type GrantDailyCredits = Extract<CreditCommand, { _tag: "GrantDailyCredits" }>

/**
 * Tops the free credits up to the day's allowance, once a day: the day's first ask decides it, so free
 * credits left from yesterday and spent today are not topped up again before tomorrow. It tops up nothing
 * (and says so in the ledger) when they are full, or while the balance is below zero: free credits never pay
 * what is owed.
 */
export const grantDailyCredits = (command: GrantDailyCredits, state: CreditAccount): Decision => {
  const { userId, day, perDay } = command
  if (state.freeDay !== null && state.freeDay >= day) {
    return refuses(new AlreadyGranted({ cause: `daily:${day}` }))
  }
  const amount = state.balance < 0 ? 0 : Math.max(0, perDay - state.free)
  return emits(
    new DailyCreditsGranted({
      userId,
      day,
      perDay,
      amount,
      balanceAfter: state.balance + amount,
      freeAfter: state.free + amount,
    }),
  )
}
