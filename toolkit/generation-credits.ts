import { Context, type Effect } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import type { Actor } from "#events/contracts/actor.ts"
import type { CreditUse } from "#events/contracts/song-operations.ts"
import type { Position } from "#events/store/index.ts"
import type { InsufficientCredits } from "#modules/billing/api-credit-refusals.ts"

/**
 * Credits spent on work, declared between the module that spends them (music) and the one that keeps
 * them (billing, which serves it): a debit taken in the caller's transaction, so that it commits together
 * with the request; the balance showing it; and whether a failed generation's credits came back (billing
 * refunds them in its own reaction).
 */
export class GenerationCredits extends Context.Tag("@melody/toolkit/GenerationCredits")<
  GenerationCredits,
  {
    /**
     * Brings the account up to date before a paid request (today's free credits), in billing's own
     * transaction: called before the request's transaction, so the debit finds them there.
     */
    readonly topUp: (user: SignedInUser) => Effect.Effect<void>
    readonly debit: (debit: {
      readonly userId: string
      readonly generationId: string
      readonly amount: number
      readonly spentOn: CreditUse
      readonly actor: Actor
    }) => Effect.Effect<Position | undefined, InsufficientCredits>
    /** Waits until the balance people read shows a debit, once its transaction has committed. */
    readonly shown: (position: Position) => Effect.Effect<void>
    readonly refunded: (userId: string, generationId: string) => Effect.Effect<boolean>
  }
>() {}
