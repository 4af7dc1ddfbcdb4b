import { Schema } from "effect"

/**
 * What a creator can do to a song after its first render. Each is a paid request like a generation: it
 * makes two new versions, saved as new private songs, and never changes the song it came from.
 */
export const SongOperation = Schema.Literal("extend", "replace-section", "restyle")
export type SongOperation = typeof SongOperation.Type

/** What credits are spent on: a song generation, an operation on a song, or a song's stems. */
export const CreditUse = Schema.Literal("generation", ...SongOperation.literals, "stems")
export type CreditUse = typeof CreditUse.Type

/** The song an operation's versions came from, and how: what their cards and pages link back to. */
export const SongOrigin = Schema.Struct({
  operation: SongOperation,
  songId: Schema.String,
  /** The song's title when it was reshaped. */
  title: Schema.String,
})
export type SongOrigin = typeof SongOrigin.Type

const from = {
  songId: Schema.String,
  /** The generated version whose audio (and, from the engine, musical facts) it starts from. */
  versionId: Schema.String,
  title: Schema.String,
}

/**
 * An operation as its request records it. Extend sings `continuation` from `atMs` (on a bar line
 * offline); replace-section sings `lines` over `startMs`..`endMs` (the section named, when one was);
 * restyle sings the song's own lyrics in the request's style.
 */
export const Reshaping = Schema.Union(
  Schema.TaggedStruct("extend", { ...from, atMs: Schema.Int, continuation: Schema.String }),
  Schema.TaggedStruct("replace-section", {
    ...from,
    startMs: Schema.Int,
    endMs: Schema.Int,
    section: Schema.NullOr(Schema.String),
    lines: Schema.String,
  }),
  Schema.TaggedStruct("restyle", from),
)
export type Reshaping = typeof Reshaping.Type
