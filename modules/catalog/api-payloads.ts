import { Schema } from "effect"
import { trimmedText, withMessage } from "#api/messages.ts"
import { coverWidths } from "./api-covers.ts"

// What the catalog's endpoints accept, with the spec's messages.

const text = (name: string, max: number, required: boolean) => trimmedText(name, max, { required })

/** The spec's save payload; the server trusts only the audio link, to find the version it stored. */
export const SaveSongPayload = Schema.Struct({
  title: text("Title", 255, true),
  audioUrl: text("audioUrl", 500, true),
  streamAudioUrl: Schema.optional(Schema.NullOr(Schema.String)),
  duration: Schema.optional(Schema.NullOr(Schema.Number)),
  isPublic: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  style: text("Style", 200, false),
  lyrics: text("Lyrics", 5000, false),
  imageUrl: Schema.optional(Schema.NullOr(Schema.String)),
}).annotations({ parseOptions: { errors: "all" } })
export type SaveSongPayload = typeof SaveSongPayload.Type

export const PrivacyPayload = Schema.Struct({
  isPublic: withMessage(Schema.Boolean, "isPublic must be true or false"),
})

/** Whether others may download the song's parts (stems and MIDI) while it is public. */
export const PartsSharingPayload = Schema.Struct({
  shared: withMessage(Schema.Boolean, "shared must be true or false"),
})

/** The song an address names. */
export const SongPath = Schema.Struct({ id: Schema.String.pipe(Schema.maxLength(64)) })

/** A cover at one of the smaller widths it is kept at (`coverWidths`), or whole without one. */
export const CoverParams = Schema.Struct({
  width: Schema.optional(
    withMessage(
      Schema.NumberFromString.pipe(
        Schema.compose(Schema.Literal(...coverWidths), { strict: false }),
      ),
      `width must be one of ${coverWidths.join(", ")}`,
    ),
  ),
})

/** `?versions=all` deletes every version of the song's generation its owner has; one otherwise. */
export const DeleteSongParams = Schema.Struct({
  versions: Schema.optional(Schema.Literal("one", "all")),
})
