import { Data, Schema } from "effect"

/** What the music API sends and what its refusals mean, read into our own terms. */

/** One of a task's two songs. */
export interface MusicApiTrack {
  readonly id: string
  /** The final MP3; empty until the track is done. */
  readonly audioUrl: string
  readonly streamAudioUrl: string
  readonly imageUrl: string
  readonly sourceImageUrl: string
  readonly durationSeconds: number | null
}

export interface MusicApiTask {
  readonly status: string
  readonly tracks: ReadonlyArray<MusicApiTrack>
  readonly errorMessage: string | null
}

export interface SongOrder {
  readonly title: string
  readonly style: string
  readonly lyrics: string
  readonly instrumental: boolean
  /** A kept voice's singer, as the API's hint ("m" or "f"); the API only makes it likelier. */
  readonly vocalGender?: "m" | "f" | undefined
  /** A kept voice's persona at the music API. */
  readonly personaId?: string | undefined
  readonly callbackUrl: string
}

/** The music API said no, or could not be reached; `retryable` refusals may pass later. */
export class MusicApiRefused extends Data.TaggedError("MusicApiRefused")<{
  readonly code: number
  readonly message: string
  readonly retryable: boolean
}> {}

/** Codes of both vendors' tables; the ambiguous 429 is told apart by its message. */
export const refusal = (code: number, msg: string) => {
  const outOfCredits = code === 402 || (code === 429 && /credit/i.test(msg))
  const retryable = !outOfCredits && [405, 429, 430, 455, 500, 502, 503, 504].includes(code)
  return new MusicApiRefused({
    code,
    message: msg || `The music service answered ${code}.`,
    retryable,
  })
}

export const Envelope = Schema.Struct({
  code: Schema.Number,
  msg: Schema.optionalWith(Schema.String, { default: () => "" }),
  data: Schema.optional(Schema.Unknown),
})

const text = Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null })

const Track = Schema.Struct({
  id: Schema.String,
  audioUrl: text,
  streamAudioUrl: text,
  imageUrl: text,
  sourceImageUrl: text,
  duration: Schema.optionalWith(Schema.NullOr(Schema.Number), { default: () => null }),
})

export const RecordInfo = Schema.Struct({
  status: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  errorMessage: text,
  response: Schema.optionalWith(
    Schema.NullOr(
      Schema.Struct({
        sunoData: Schema.optionalWith(Schema.NullOr(Schema.Array(Track)), {
          default: () => null,
        }),
      }),
    ),
    { default: () => null },
  ),
})

export const Submitted = Schema.Struct({ taskId: Schema.String })

/** A track's words with their seconds; a word carries its line break, and a section's label before it. */
export const AlignedWord = Schema.Struct({
  word: Schema.String,
  startS: Schema.Number,
  endS: Schema.Number,
})
export type AlignedWord = typeof AlignedWord.Type

export const TimestampedLyrics = Schema.Struct({ alignedWords: Schema.Array(AlignedWord) })

export const toTrack = (track: typeof Track.Type): MusicApiTrack => ({
  id: track.id,
  audioUrl: track.audioUrl ?? "",
  streamAudioUrl: track.streamAudioUrl ?? "",
  imageUrl: track.imageUrl ?? "",
  sourceImageUrl: track.sourceImageUrl ?? "",
  durationSeconds: track.duration,
})
