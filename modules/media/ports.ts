import { Context, Data, type Effect } from "effect"
import type { Actor } from "#events/contracts/actor.ts"
import type { InsufficientCredits } from "#events/contracts/credit-errors.ts"
import type { Position } from "#events/store/index.ts"

/**
 * What media needs from billing, declared here and wired by the app: a debit for a generation, taken in
 * the caller's transaction so that it commits together with the request, the balance showing it, and whether a failed
 * generation's credits came back (billing refunds them in its own reaction).
 */
export class GenerationCredits extends Context.Tag("@melody/media/GenerationCredits")<
  GenerationCredits,
  {
    readonly debit: (debit: {
      readonly userId: string
      readonly generationId: string
      readonly amount: number
      readonly actor: Actor
    }) => Effect.Effect<Position | undefined, InsufficientCredits>
    /** Waits until the balance people read shows a debit, once its transaction has committed. */
    readonly shown: (position: Position) => Effect.Effect<void>
    readonly refunded: (userId: string, generationId: string) => Effect.Effect<boolean>
  }
>() {}

/** A song's files as a video is made from them: media storage keys, duration in milliseconds. */
export interface SongSource {
  readonly title: string
  readonly audioKey: string
  readonly coverKey: string | null
  readonly durationMs: number
}

/**
 * The songs a person may make a video of (their own, or anyone's public one), declared here and served by
 * the catalog (the app wires it). Undefined for a song that does not exist or is private to someone else.
 */
export class SongSources extends Context.Tag("@melody/media/SongSources")<
  SongSources,
  {
    readonly visible: (songId: string, viewerId: string) => Effect.Effect<SongSource | undefined>
  }
>() {}

/** What to render: the song's words and style, the seed that makes it repeatable, and where to put it. */
export interface SongRequest {
  readonly title: string
  readonly lyrics: string
  readonly style: string
  /** No voice: the lead instrument plays the melody the lyrics would have had. */
  readonly instrumental?: boolean | undefined
  readonly seed: number
  readonly outDir: string
  readonly maxSeconds?: number
  /** A General MIDI soundfont to play the instruments with, instead of Debian's. */
  readonly soundfont?: string | undefined
}

export interface RenderedSong {
  readonly wavPath: string
  readonly mp3Path: string
  readonly durationMs: number
  readonly renderMs: number
  readonly lufs: number
  readonly truePeakDb: number
  readonly genre: string
  readonly vocalRegions: ReadonlyArray<{ startMs: number; endMs: number }>
}

export class EngineFailed extends Data.TaggedError("EngineFailed")<{ readonly reason: string }> {}

export type EngineRequest = SongRequest & { readonly timeoutMs: number }

/** Renders songs offline (the project's own engine, a stand-in app/ composes in). */
export class MusicEngine extends Context.Tag("@melody/media/MusicEngine")<
  MusicEngine,
  {
    readonly render: (request: EngineRequest) => Effect.Effect<RenderedSong, EngineFailed>
  }
>() {}
