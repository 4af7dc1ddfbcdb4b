import { Schema } from "effect"

/**
 * Media's facts that other modules read. A generation that succeeds delivers its versions, each already
 * copied into our own storage (provider links expire); the catalog saves them to the owner's library.
 */

export const GeneratedVersion = Schema.Struct({
  versionId: Schema.String,
  /** 1, 2...: the "Version N" of the title. */
  index: Schema.Int,
  /** The MP3 in our storage. */
  audioKey: Schema.String,
  /** The cover in our storage, when there is one. */
  imageKey: Schema.NullOr(Schema.String),
  /** The provider's own cover link, a fallback while it lasts. */
  sourceImageUrl: Schema.NullOr(Schema.String),
  durationMs: Schema.Int,
})
export type GeneratedVersion = typeof GeneratedVersion.Type

export class SongGenerationSucceeded extends Schema.TaggedClass<SongGenerationSucceeded>()(
  "SongGenerationSucceeded",
  {
    generationId: Schema.String,
    userId: Schema.String,
    title: Schema.String,
    style: Schema.String,
    lyrics: Schema.String,
    versions: Schema.Array(GeneratedVersion),
  },
) {}

/** Where a generated version's audio is played from before it is a song; the catalog reads it back. */
export const versionAudioPath = (versionId: string) => `/api/media/versions/${versionId}/audio`

export const versionIdFromAudioPath = (url: string): string | undefined => {
  const path = url.startsWith("/")
    ? url
    : (() => {
        try {
          return new URL(url).pathname
        } catch {
          return ""
        }
      })()
  return /^\/api\/media\/versions\/([0-9a-zA-Z-]{1,64})\/audio$/.exec(path)?.[1]
}
