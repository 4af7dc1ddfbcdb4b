import { Schema } from "effect"

/** `?download=1` (or `true`) asks for a file as an attachment, saved under the song's title. */
export const DownloadParams = Schema.Struct({
  download: Schema.optional(Schema.Literal("1", "true")),
})
