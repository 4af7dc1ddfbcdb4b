import { Schema } from "effect"
import { Operation, SongOrigin } from "./song-operations.ts"
import { ChosenVoice } from "./voices.ts"

/**
 * Media's facts. A song generation is the `generation-<generationId>` stream: requested (with its credits
 * already debited, in the same transaction), submitted to the music maker, each step it reports, and its
 * end: succeeded with its versions, each already copied into our own storage (provider links expire), or
 * failed. The catalog saves succeeded versions to the owner's library; billing refunds failed ones.
 */

export const mediaStreams = {
  generation: (generationId: string) => `generation-${generationId}`,
}

/**
 * Who makes the music: the project's own engine, or a Suno-style music API. Stored events name the music
 * API "provider", the word they were written with; they are read and written as they are.
 */
export const MusicMakerName = Schema.transformLiterals(
  ["engine", "engine"],
  ["provider", "music-api"],
)
export type MusicMakerName = typeof MusicMakerName.Type

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
  /** The music API's own id of the track, which its persona endpoint names. */
  makerTrackId: Schema.optional(Schema.String),
  /** The song as a multi-track MIDI file in our storage, where its maker wrote one. */
  midiKey: Schema.optional(Schema.String),
  /** When each line and word is sung (`SyncedLyrics` as JSON) in our storage, where its maker knows. */
  syncedLyricsKey: Schema.optional(Schema.String),
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
    /** The song an operation started from; null for a song made from scratch. */
    origin: Schema.optionalWith(Schema.NullOr(SongOrigin), { default: () => null }),
  },
) {}

export class SongGenerationRequested extends Schema.TaggedClass<SongGenerationRequested>()(
  "SongGenerationRequested",
  {
    generationId: Schema.String,
    userId: Schema.String,
    title: Schema.String,
    style: Schema.String,
    lyrics: Schema.String,
    /** No voice: the lead instrument plays the tune. Requests stored before there was a choice sang. */
    instrumental: Schema.optionalWith(Schema.Boolean, { default: () => false }),
    /** An operation on an earlier song, stored as `operation`; null for a song made from scratch. */
    operation: Schema.optionalWith(Schema.NullOr(Operation), { default: () => null }).pipe(
      Schema.fromKey("reshaping"),
    ),
    /** A kept voice that sings it; null: the style's own singer. */
    voice: Schema.optionalWith(Schema.NullOr(ChosenVoice), { default: () => null }),
    /** Debited in the same transaction; refunded if the generation fails. */
    credits: Schema.Int,
    maker: MusicMakerName,
    requestedAt: Schema.Date,
  },
) {}

/** The maker accepted the task: the music API's task id, or the engine's own. */
export class SongGenerationSubmitted extends Schema.TaggedClass<SongGenerationSubmitted>()(
  "SongGenerationSubmitted",
  {
    generationId: Schema.String,
    userId: Schema.String,
    /** The maker's own id for the task; stored under its first name, `taskId`. */
    makerTaskId: Schema.propertySignature(Schema.String).pipe(Schema.fromKey("taskId")),
  },
) {}

/**
 * A step on the way: TEXT_SUCCESS (lyrics accepted), FIRST_SUCCESS (the first version plays). `versions`
 * are those stored so far, for the preview.
 */
export class SongGenerationProgressed extends Schema.TaggedClass<SongGenerationProgressed>()(
  "SongGenerationProgressed",
  {
    generationId: Schema.String,
    userId: Schema.String,
    status: Schema.String,
    versions: Schema.Array(GeneratedVersion),
  },
) {}

/**
 * The generation ended without a song: the maker's failure status (anything with FAILED,
 * SENSITIVE_WORD_ERROR), PROVIDER_ERROR, or TIMEOUT; `reason` is what the person is told.
 */
export class SongGenerationFailed extends Schema.TaggedClass<SongGenerationFailed>()(
  "SongGenerationFailed",
  {
    generationId: Schema.String,
    userId: Schema.String,
    status: Schema.String,
    reason: Schema.String,
    /** What was debited for it, to refund. */
    credits: Schema.Int,
  },
) {}

/** Everything on a `generation-<generationId>` stream. */
export const GenerationEvent = Schema.Union(
  SongGenerationRequested,
  SongGenerationSubmitted,
  SongGenerationProgressed,
  SongGenerationSucceeded,
  SongGenerationFailed,
)
export type GenerationEvent = typeof GenerationEvent.Type
