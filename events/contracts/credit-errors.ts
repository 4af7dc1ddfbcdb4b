import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

/** The spec's words for a refusal for want of credits (section 5), on the server and in the browser. */
export const insufficientCreditsMessage = (
  balance: number,
  needed: number,
  doing = "generate a song",
) => `You need ${needed} credits to ${doing}. You currently have ${balance} credits.`

/**
 * Not enough credits for what was asked: decided by billing's credit account, passed on by media, shown by
 * the screens. Declared once, here, so every side speaks of the same refusal.
 */
export class InsufficientCredits extends Schema.TaggedError<InsufficientCredits>()(
  "InsufficientCredits",
  { message: Schema.String, balance: Schema.Int, needed: Schema.Int },
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

  /** The same refusal, saying what the credits were for ("to extend a song"). */
  about(doing: string) {
    return new InsufficientCredits({
      balance: this.balance,
      needed: this.needed,
      message: insufficientCreditsMessage(this.balance, this.needed, doing),
    })
  }
}
