import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

/** The spec's words for a refusal for want of credits (section 5), on the server and in the browser. */
export const insufficientCreditsMessage = (
  balance: number,
  needed: number,
  doing = "generate a song",
) => `You need ${needed} credits to ${doing}. You currently have ${balance} credits.`

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
 * Not enough credits for what was asked: decided by billing's credit account, passed on by media, shown by
 * the screens. Declared once, here, so every side speaks of the same refusal.
 */
export class InsufficientCredits extends Schema.TaggedError<InsufficientCredits>()(
  "InsufficientCredits",
  {
    message: Schema.String,
    balance: Schema.Int,
    needed: Schema.Int,
    /** Set when a refund or a dispute took or holds the credits: why, what is owed and what is held. */
    owed: Schema.optional(
      Schema.Struct({ because: OwedBecause, credits: Schema.Int, held: Schema.Int }),
    ),
  },
  HttpApiSchema.annotations({ status: 402 }),
) {
  /** The refusal with the spec's message. */
  static of(balance: number, needed: number) {
    return new InsufficientCredits({
      balance,
      needed,
      message: insufficientCreditsMessage(balance, needed),
    })
  }

  /**
   * The refusal when a refund or a dispute took or holds credits: a negative balance owes its opposite, a
   * dispute's hold leaves less to spend.
   */
  static owing(because: OwedBecause, balance: number, held: number, needed: number) {
    return new InsufficientCredits({
      balance,
      needed,
      owed: { because, credits: Math.max(0, -balance), held },
      message: creditsOwedMessage(because, balance, held, needed),
    })
  }

  /** The same refusal, saying what the credits were for ("to extend a song"); an owed one says why instead. */
  about(doing: string) {
    if (this.owed !== undefined) return this
    return new InsufficientCredits({
      balance: this.balance,
      needed: this.needed,
      message: insufficientCreditsMessage(this.balance, this.needed, doing),
    })
  }
}
