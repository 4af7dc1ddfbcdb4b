import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { CreditUse } from "#events/contracts/song-operations.ts"

/** What each use's credits are for, as a refusal names it: "to extend a song". */
export const creditUseDoing: Record<CreditUse, string> = {
  generation: "generate a song",
  extend: "extend a song",
  "replace-section": "replace a section of a song",
  restyle: "restyle a song",
  stems: "make the stems of a song",
}

/**
 * The spec's words for a refusal for want of credits (section 5), on the server and in the browser: for a
 * song, 'You need 5 credits to generate a song. You currently have N credits.'
 */
export const insufficientCreditsMessage = (
  balance: number,
  needed: number,
  use: CreditUse = "generation",
) => `You need ${needed} credits to ${creditUseDoing[use]}. You currently have ${balance} credits.`

/** Why credits a person had are not theirs to spend: a refund or a lost dispute took them, or a dispute holds them. */
export const OwedBecause = Schema.Literal("refund", "dispute_lost", "dispute_open")
export type OwedBecause = typeof OwedBecause.Type

/**
 * What a refusal says when a refund or dispute took or holds credits: why, and how much is owed before
 * anything paid starts (a negative balance), or how much a dispute holds.
 */
export const creditsOwedMessage = (
  because: OwedBecause,
  balance: number,
  held: number,
  needed: number,
) => {
  switch (because) {
    case "refund":
      return `A refund took back credits you had spent: your balance is ${balance} credits. Buy credits to settle it before starting anything paid.`
    case "dispute_lost":
      return `A disputed payment was taken back with credits you had spent: your balance is ${balance} credits. Buy credits to settle it before starting anything paid.`
    case "dispute_open":
      return `A dispute over one of your payments holds ${held} of your ${balance} credits until it closes: you can spend ${Math.max(0, balance - held)} credits, and this needs ${needed}.`
  }
}

/**
 * What a screen says before asking, knowing only the balance: below zero, a refund or a lost dispute took
 * credits already spent (which of the two, the server's refusal names); otherwise the spec's message.
 */
export const shortOfCreditsMessage = (balance: number, needed: number, use: CreditUse) =>
  balance < 0
    ? `A refund or a lost dispute took back credits you had spent: your balance is ${balance} credits. Buy credits to settle it before starting anything paid.`
    : insufficientCreditsMessage(balance, needed, use)

/**
 * Not enough credits for what was asked: decided by billing's credit account, passed on by media, shown by
 * the screens. Declared once, here, so every side speaks of the same refusal; it names what the credits
 * were for.
 */
export class InsufficientCredits extends Schema.TaggedError<InsufficientCredits>()(
  "InsufficientCredits",
  {
    message: Schema.String,
    balance: Schema.Int,
    needed: Schema.Int,
    use: CreditUse,
    /** Set when a refund or a dispute took or holds the credits: why, what is owed and what is held. */
    owed: Schema.optional(
      Schema.Struct({ because: OwedBecause, credits: Schema.Int, held: Schema.Int }),
    ),
  },
  HttpApiSchema.annotations({ status: 402 }),
) {
  /** The refusal with the spec's message. */
  static of(balance: number, needed: number, use: CreditUse) {
    return new InsufficientCredits({
      balance,
      needed,
      use,
      message: insufficientCreditsMessage(balance, needed, use),
    })
  }

  /**
   * The refusal when a refund or a dispute took or holds credits: a negative balance owes its opposite, a
   * dispute's hold leaves less to spend.
   */
  static owing(
    because: OwedBecause,
    balance: number,
    held: number,
    needed: number,
    use: CreditUse,
  ) {
    return new InsufficientCredits({
      balance,
      needed,
      use,
      owed: { because, credits: Math.max(0, -balance), held },
      message: creditsOwedMessage(because, balance, held, needed),
    })
  }
}
