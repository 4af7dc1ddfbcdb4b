import { Context, Data, type Effect } from "effect"
import type { Actor } from "#events/contracts/actor.ts"
import type { Position } from "#events/store/index.ts"

export class NotEnoughCredits extends Data.TaggedError("NotEnoughCredits")<{
  readonly balance: number
  readonly needed: number
}> {}

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
    }) => Effect.Effect<Position | undefined, NotEnoughCredits>
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
