import { Context, Data, type Effect, Schema } from "effect"

/** Who sings an engine render; a kept voice pins it, so later songs have the same singer. */
export const EngineVoice = Schema.Struct({
  gender: Schema.Literal("female", "male"),
  delivery: Schema.Literal("sing", "rap"),
})
export type EngineVoice = typeof EngineVoice.Type

/** A lyric section of a render as sung, and where it is in the audio. */
export const SungSection = Schema.Struct({
  /** "[Verse 2]": the kind, numbered when it comes more than once. */
  label: Schema.String,
  startMs: Schema.Number,
  endMs: Schema.Number,
  lines: Schema.Array(Schema.String),
})
export type SungSection = typeof SungSection.Type

/**
 * The musical facts of an engine render, kept beside its MP3 so the song can be reshaped later. Media reads
 * the named fields; `engine` is the engine's own record (resolved style, seeds), stored as it is.
 */
export const RenderFacts = Schema.Struct({
  durationMs: Schema.Number,
  /** Where the last bar (the fade) starts: an extension joins here unless told otherwise. */
  endMs: Schema.Number,
  barMs: Schema.Number,
  sections: Schema.Array(SungSection),
  /** Null for an instrumental. */
  voice: Schema.NullOr(EngineVoice),
  engine: Schema.Unknown,
})
export type RenderFacts = typeof RenderFacts.Type

/**
 * A render made from an earlier one. `sourceAudio` is the earlier render's MP3 (or WAV), `sourceLyrics`
 * its timed lyrics (`SyncedLyrics` as JSON) and `sourceMidi` its MIDI file where it has them, and `source`
 * its facts. Extend keeps the source up to `atMs` (on a bar line) and continues with the request's lyrics;
 * replace-section sings the request's lyrics over `startMs`..`endMs` and keeps everything else; restyle
 * sings the same lyrics to the same melody in the request's style.
 */
export type Reshaping =
  | {
      readonly kind: "extend"
      readonly sourceAudio: string
      readonly sourceLyrics: string | null
      readonly sourceMidi: string | null
      /** For stems: the source's own request, to play it again part by part. */
      readonly sourceRequest?: PlayedRequest | undefined
      readonly source: RenderFacts
      readonly atMs: number
    }
  | {
      readonly kind: "replace-section"
      readonly sourceAudio: string
      readonly sourceLyrics: string | null
      readonly sourceMidi: string | null
      /** For stems: the source's own request, to play it again part by part. */
      readonly sourceRequest?: PlayedRequest | undefined
      readonly source: RenderFacts
      readonly startMs: number
      readonly endMs: number
    }
  | { readonly kind: "restyle"; readonly source: RenderFacts }

/** What to render: the song's words and style, the seed that makes it repeatable, and where to put it. */
export interface SongRequest {
  readonly title: string
  readonly lyrics: string
  readonly style: string
  /** No voice: the lead instrument plays the melody the lyrics would have had. */
  readonly instrumental?: boolean | undefined
  /** A kept voice: sung by it, whatever the style would choose. */
  readonly voice?: EngineVoice | undefined
  readonly reshape?: Reshaping | undefined
  readonly seed: number
  readonly outDir: string
  readonly maxSeconds?: number
  /** A General MIDI soundfont to play the instruments with, instead of Debian's. */
  readonly soundfont?: string | undefined
}

/** What a render was asked to play, without where its files went: enough to play it again. */
export type PlayedRequest = Omit<SongRequest, "outDir" | "soundfont">

export interface RenderedSong {
  readonly wavPath: string
  readonly mp3Path: string
  /** A multi-track MIDI file of the song, lyrics included; none for a splice of a source without one. */
  readonly midiPath: string | null
  /** When each line and word is sung (`SyncedLyrics` as JSON); none unsung. */
  readonly syncedLyricsPath: string | null
  /** Its own cover, 1024 x 1024, drawn from its genre, key and seed. */
  readonly coverPaths: { readonly webp: string; readonly jpeg: string }
  readonly durationMs: number
  readonly renderMs: number
  readonly lufs: number
  readonly truePeakDb: number
  readonly genre: string
  readonly vocalRegions: ReadonlyArray<{ startMs: number; endMs: number }>
  readonly facts: RenderFacts
}

/** The parts a song's stems are, in the order a DAW lists them. */
export const stemNames = ["vocals", "drums", "bass", "harmony", "lead"] as const
export type StemName = (typeof stemNames)[number]

/** A song's stems as files: 16-bit stereo WAVs at 44.1 kHz, all as long as the song, from its first sample. */
export interface RenderedStems {
  readonly paths: Readonly<Record<StemName, string>>
  readonly durationMs: number
}

export class EngineFailed extends Data.TaggedError("EngineFailed")<{ readonly reason: string }> {}

export type EngineRequest = SongRequest & { readonly timeoutMs: number }

/** Renders songs offline (the project's own engine, a stand-in app/ composes in). */
export class MusicEngine extends Context.Tag("@melody/music/MusicEngine")<
  MusicEngine,
  {
    readonly render: (request: EngineRequest) => Effect.Effect<RenderedSong, EngineFailed>
    /** The song the request renders, played again part by part: its stems. */
    readonly stems: (request: EngineRequest) => Effect.Effect<RenderedStems, EngineFailed>
    /** Gets ready for a first render, so that it does not wait for the engine to start. */
    readonly warm: Effect.Effect<void>
  }
>() {}
