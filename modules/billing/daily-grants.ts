import { Context, Effect, Layer } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import { Actors } from "#events/contracts/actor.ts"
import type { Position } from "#events/store/index.ts"
import { setBounded } from "#toolkit/bounded-map.ts"
import { now } from "#toolkit/clock.ts"
import { FreeCreditsView } from "./api-free-credits.ts"
import { BillingConfig } from "./config.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import { CreditLedger } from "./credit-ledger.ts"
import { nextUtcMidnight, utcDay } from "./free-credits.ts"

/** Accounts this process has seen topped up today; past it, an account is read again (one row). */
const remembered = 100_000

const make = Effect.gen(function* () {
  const { dailyFreeCredits: perDay } = yield* BillingConfig
  const accounts = yield* CreditAccounts
  const ledger = yield* CreditLedger
  let today = { day: "", done: new Map<string, true>() }

  /**
   * The day's top-up, in its own command (and transaction), on the account's first request of the day:
   * the position it appended at, if it did. Two first requests at once top up once: the second is refused
   * by the account's state, or, on another replica, by the grant's id (its cause is the day).
   */
  const grant = (user: SignedInUser, day: string) =>
    Effect.gen(function* () {
      if (today.day !== day) today = { day, done: new Map() }
      if (today.done.has(user.userId)) return undefined
      const account = yield* accounts.load(user.userId)
      let position: Position | undefined
      if (account.freeDay === null || account.freeDay < day) {
        const outcome = yield* accounts
          .execute(
            { _tag: "GrantDailyCredits", userId: user.userId, day, perDay },
            Actors.system("daily-credits"),
          )
          .pipe(
            Effect.catchTag("AlreadyGranted", () => Effect.succeed(undefined)),
            Effect.orDie,
          )
        position = outcome?.appended?.position
      }
      setBounded(today.done, user.userId, true, remembered)
      return position
    })

  const due = (user: SignedInUser) => perDay > 0 && user.emailVerified

  /** Before anything paid starts (outside its transaction): today's free credits, if not granted yet. */
  const topUp = Effect.fn("Billing.topUpFreeCredits")(function* (user: SignedInUser) {
    if (!due(user)) return
    yield* grant(user, utcDay(yield* now))
  })

  /** What the credits page shows: tops up first, and answers once the balance shows the grant. */
  const view = Effect.fn("Billing.freeCredits")(function* (user: SignedInUser) {
    if (!due(user)) return new FreeCreditsView({ perDay, free: 0, nextGrantAt: null })
    const at = yield* now
    const position = yield* grant(user, utcDay(at))
    if (position !== undefined) yield* ledger.caughtUp(position)
    const account = yield* accounts.load(user.userId)
    return new FreeCreditsView({ perDay, free: account.free, nextGrantAt: nextUtcMidnight(at) })
  })

  return { topUp, view }
})

/** Free daily credits (DAILY_FREE_CREDITS), granted on a verified account's first request each UTC day. */
export class DailyGrants extends Context.Tag("@melody/billing/DailyGrants")<
  DailyGrants,
  {
    readonly topUp: (user: SignedInUser) => Effect.Effect<void>
    readonly view: (user: SignedInUser) => Effect.Effect<FreeCreditsView>
  }
>() {
  static readonly live = Layer.effect(DailyGrants, make)
}
