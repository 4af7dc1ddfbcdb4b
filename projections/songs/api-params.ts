import { Schema } from "effect"
import { withMessage } from "#api/messages.ts"

// What the songs read model's endpoints accept, with the spec's messages.

const nonNegative = (name: string, max: number) =>
  withMessage(
    Schema.NumberFromString.pipe(Schema.int(), Schema.between(0, max)),
    `${name} must be a whole number from 0 to ${max}`,
  )

export const PublicSongsParams = Schema.Struct({
  limit: Schema.optionalWith(
    withMessage(
      Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 50)),
      "limit must be a whole number from 1 to 50",
    ),
    { default: () => 20 },
  ),
  offset: Schema.optionalWith(nonNegative("offset", 100_000), { default: () => 0 }),
  snapshot: Schema.optional(nonNegative("snapshot", Number.MAX_SAFE_INTEGER)),
})

/** A page of the newest public songs: as the timeline's pages, without a snapshot. */
export const NewestSongsParams = PublicSongsParams.pick("limit", "offset")

/** The song an address names. */
export const SongPath = Schema.Struct({ id: Schema.String.pipe(Schema.maxLength(64)) })
