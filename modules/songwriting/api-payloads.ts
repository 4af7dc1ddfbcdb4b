import { Schema } from "effect"
import { withMessage } from "#api/messages.ts"
import { lyricsLimit } from "./api-chat.ts"

// What Melody's chat and the lyrics form accept, with the spec's messages (section 5).

const field = <A, I>(schema: Schema.Schema<A, I>, missing: string) =>
  Schema.propertySignature(schema).annotations({ missingMessage: () => missing })

const text = (name: string, max: number, required: string, tooLong: string) =>
  field(
    Schema.Trim.pipe(
      Schema.compose(withMessage(Schema.String, required)),
      Schema.filter((s) => s.length > 0 || required),
      Schema.filter((s) => s.length <= max || tooLong),
    ).annotations({ title: name }),
    required,
  )

export const LyricsRequestPayload = Schema.Struct({
  title: text("title", 200, "Title is required", "Title must be less than 200 characters"),
  description: text(
    "description",
    2000,
    "Description is required",
    "Description must be less than 2000 characters",
  ),
  style: text("style", 200, "Style is required", "Style must be less than 200 characters"),
}).annotations({ parseOptions: { errors: "all" } })
export type LyricsRequestPayload = typeof LyricsRequestPayload.Type

const emptyMessage = "Type a message for Melody first."

export const ChatPayload = Schema.Struct({
  message: field(
    Schema.Trim.pipe(
      Schema.compose(withMessage(Schema.String, emptyMessage)),
      Schema.filter((s) => s.length > 0 || emptyMessage),
      Schema.filter((s) => s.length <= 4000 || "A message can be at most 4000 characters."),
    ),
    emptyMessage,
  ),
})

const lyricsTooLong = `Lyrics can be at most ${lyricsLimit} characters.`
export const LyricsEditPayload = Schema.Struct({
  lyrics: field(
    withMessage(Schema.String, lyricsTooLong).pipe(
      Schema.filter((s) => s.length <= lyricsLimit || lyricsTooLong),
    ),
    "The lyrics are missing.",
  ),
})

export const DateTimeParams = Schema.Struct({
  season: Schema.optional(Schema.String.pipe(Schema.maxLength(40))),
})
