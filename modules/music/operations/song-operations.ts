import { Context, Effect, Layer } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import type { SongOperation } from "#events/contracts/song-operations.ts"
import { creditUseNames } from "#modules/billing/api-credit-uses.ts"
import { ContentChecks } from "#toolkit/content-checks/index.ts"
import {
  type ExtendPayload,
  MissingInformation,
  NotTheOwner,
  OperationUnsupported,
  type ReplaceSectionPayload,
  type RestylePayload,
} from "../api.ts"
import { MusicConfig } from "../config.ts"
import { songWords } from "../generation/generation-request.ts"
import type { SongToMake } from "../generation/generation-state.ts"
import { Generations } from "../generation/generations.ts"
import { activeMaker } from "../generation/paid-start.ts"
import { makerAccepts } from "../makers/maker-accepts.ts"
import { makerNames, makerRules, operationVerbs } from "../makers/maker-operations.ts"
import { makeRenderFactsStore } from "../makers/render-facts-store.ts"
import type { RenderFacts } from "../ports.ts"
import { type OwnedSong, Songs } from "../songs.ts"
import { chosenVoice } from "../voices/voice-choice.ts"
import { extendPlan, replacePlan, restylePlan } from "./operation-plans.ts"
import type { OperationsShape } from "./song-operations-shape.ts"

export const songNotFound = new NotFound({ message: "This song does not exist, or it is private." })

/**
 * The paid requests for operations on one's own song. Each checks the song is the person's, the maker can
 * do the operation to it, and the request makes sense for the song, before anything is debited.
 */
const make = Effect.gen(function* () {
  const { start } = yield* Generations
  const songs = yield* Songs
  const config = yield* MusicConfig
  const facts = yield* makeRenderFactsStore
  const checks = yield* ContentChecks
  const maker = activeMaker(config)

  const unsupported = (operation: SongOperation, why: string) =>
    new OperationUnsupported({
      message: `${makerNames[maker]} can't ${operationVerbs[operation]} ${why}.`,
      operation,
      maker,
    })

  /** The song and, from the engine, its musical facts, which every engine operation starts from. */
  const source = (user: SignedInUser, songId: string, operation: SongOperation) =>
    Effect.gen(function* () {
      const song = yield* songs.owned(songId, user.userId)
      if (!song) {
        // Someone else's public song is there for them to hear, not to operation.
        const heard = yield* songs.visible(songId, user.userId)
        return yield* heard
          ? new NotTheOwner({
              message: `Only the song's owner can ${operationVerbs[operation]} it.`,
            })
          : songNotFound
      }
      if (!makerRules[maker].operations.includes(operation))
        return yield* unsupported(operation, "songs")
      if (song.versionId === null) return yield* unsupported(operation, "an uploaded song")
      const known = yield* facts.read(song.versionId)
      if (maker === "engine" && known === undefined)
        return yield* unsupported(operation, "a song it did not make")
      return { song: { ...song, versionId: song.versionId }, facts: known }
    })

  const required = (field: "lyrics" | "style", value: string) =>
    value === ""
      ? Effect.fail(
          new MissingInformation({ message: `Missing information: ${field}`, missing: [field] }),
        )
      : Effect.void

  /** Paid once the maker accepts it: what it could not make is refused before any debit. */
  const run = (
    user: SignedInUser,
    operation: SongOperation,
    planned: SongToMake,
    from: OperationSource,
  ) =>
    Effect.zipRight(
      makerAccepts(maker, planned, from.facts),
      start(user, planned, { credits: config.prices[operation], spentOn: operation }),
    )

  const extend = Effect.fn("Generations.extend")(function* (
    user: SignedInUser,
    songId: string,
    payload: ExtendPayload,
  ) {
    const from = yield* source(user, songId, "extend")
    yield* required("lyrics", payload.lyrics)
    yield* checks.check(songWords({ lyrics: payload.lyrics }))
    const plan = yield* extendPlan(from, payload)
    const voice = yield* chosenVoice(user.userId, payload.voiceId)
    return yield* run(user, "extend", { ...plan, voice }, from)
  })

  const replaceSection = Effect.fn("Generations.replaceSection")(function* (
    user: SignedInUser,
    songId: string,
    payload: ReplaceSectionPayload,
  ) {
    const from = yield* source(user, songId, "replace-section")
    yield* required("lyrics", payload.lyrics)
    yield* checks.check(songWords({ lyrics: payload.lyrics }))
    const plan = yield* replacePlan(from, payload)
    return yield* run(user, "replace-section", plan, from)
  })

  const restyle = Effect.fn("Generations.restyle")(function* (
    user: SignedInUser,
    songId: string,
    payload: RestylePayload,
  ) {
    const from = yield* source(user, songId, "restyle")
    yield* required("style", payload.style)
    yield* checks.check(songWords({ style: payload.style }))
    const plan = yield* restylePlan(from, payload)
    const voice = yield* chosenVoice(user.userId, payload.voiceId)
    return yield* run(user, "restyle", { ...plan, voice }, from)
  })

  /** The song's lyric sections as sung, for choosing one to replace; none for a song without facts. */
  const sections = Effect.fn("Generations.sections")(function* (
    user: SignedInUser,
    songId: string,
  ) {
    const song = yield* songs.owned(songId, user.userId)
    if (!song) return yield* songNotFound
    const known = song.versionId === null ? undefined : yield* facts.read(song.versionId)
    return (known?.sections ?? []).map((section) => ({
      label: section.label,
      startSeconds: section.startMs / 1000,
      endSeconds: section.endMs / 1000,
      lines: section.lines,
    }))
  })

  const list = Effect.sync(() => ({
    maker,
    operations: makerRules[maker].operations.map((operation) => ({
      operation,
      name: creditUseNames[operation],
      price: config.prices[operation],
    })),
    stemsPrices: { engine: config.stemsPrices.engine, musicApi: config.stemsPrices["music-api"] },
  }))

  return { extend, replaceSection, restyle, sections, list } satisfies OperationsShape
})

/** Operations on one's own song (see song-operations-shape.ts). */
export class Operations extends Context.Tag("@melody/music/Operations")<
  Operations,
  OperationsShape
>() {
  static readonly live = Layer.effect(Operations, make)
}

/** Where an operation starts: the person's song and, from the engine, its musical facts. */
export interface OperationSource {
  readonly song: OwnedSong & { readonly versionId: string }
  readonly facts: RenderFacts | undefined
}
