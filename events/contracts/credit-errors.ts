import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { CreditUse } from "./song-operations.ts"

/** What each use's credits are for, as a refusal names it: "to extend a song". */
export const creditUseDoing: Record<CreditUse, string> = {
  generation: "generate a song",
  extend: "extend a song",
  "replace-section": "replace a section of a song",
  restyle: "make a cover of a song",
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

/**
 * Not enough credits for what was asked: decided by billing's credit account, passed on by media, shown by
 * the screens. Declared once, here, so every side speaks of the same refusal; it names what the credits
 * were for.
 */
export class InsufficientCredits extends Schema.TaggedError<InsufficientCredits>()(
  "InsufficientCredits",
  { message: Schema.String, balance: Schema.Int, needed: Schema.Int, use: CreditUse },
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
}
