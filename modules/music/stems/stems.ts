import type { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { v7 as uuidv7 } from "uuid"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { runCommand } from "#events/handle-command.ts"
import { EventStore } from "#events/store/index.ts"
import { now } from "#toolkit/clock.ts"
import { fileName, fileResponse } from "#toolkit/file-response.ts"
import { GenerationCredits } from "#toolkit/generation-credits.ts"
import { JobQueue } from "#toolkit/jobs.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { StemsStatus } from "../api.ts"
import { MusicConfig } from "../config.ts"
import { Songs } from "../songs.ts"
import type { StemsState } from "./stems-decider.ts"
import { makeStems } from "./stems-job.ts"
import { songNotFound, stemsOf, stemsSource, stemsState } from "./stems-source.ts"

/** Stems this person paid for, made or being made. */
const paidBy = (state: StemsState, userId: string) =>
  (state._tag === "Making" || state._tag === "Made") &&
  state.order !== null &&
  state.order.userId === userId &&
  state.order.credits > 0

const statusOf = (songId: string, state: StemsState) =>
  new StemsStatus({
    status:
      state._tag === "None"
        ? "none"
        : state._tag === "Making"
          ? "making"
          : state._tag === "Made"
            ? "ready"
            : "failed",
    downloadUrl: state._tag === "Made" ? `/api/songs/${songId}/stems/zip` : null,
    error: state._tag === "Failed" ? state.reason : null,
  })

const make = Effect.gen(function* () {
  const store = yield* EventStore
  const jobs = yield* JobQueue
  const storage = yield* FileStorage
  const payments = yield* GenerationCredits
  const config = yield* MusicConfig
  const songs = yield* Songs
  // What the stems' and songs' streams are read with, for every call.
  const context = yield* Effect.context<EventStore | SqlClient.SqlClient>()

  /**
   * A song's stems as this person may see them: of a song whose parts they may take (their own, or public
   * with its parts shared), or stems they paid for, which stay theirs, made or being made, whatever its
   * owner shares since and while the song exists.
   */
  const stateOfSong = (user: SignedInUser, songId: string) =>
    Effect.gen(function* () {
      const shared = yield* songs.withParts(songId, user.userId)
      if (shared) {
        const state: StemsState =
          shared.versionId === null ? { _tag: "None" } : yield* stemsState(shared.versionId)
        return { song: shared, state }
      }
      const song = yield* songs.existing(songId)
      const state = song?.versionId ? yield* stemsState(song.versionId) : undefined
      if (song && state && paidBy(state, user.userId)) return { song, state }
      return yield* songNotFound
    })

  const status = Effect.fn("Stems.status")(function* (user: SignedInUser, songId: string) {
    const { state } = yield* stateOfSong(user, songId)
    return statusOf(songId, state)
  })

  /**
   * Asks for the stems once: a second ask while they are made, or once made, changes nothing and costs
   * nothing. A paid ask debits in the same transaction as the request, after the request was accepted, so
   * two asks at once pay once.
   */
  const request = Effect.fn("Stems.request")(function* (user: SignedInUser, songId: string) {
    const song = yield* songs.withParts(songId, user.userId)
    // Stems they paid for, asked again after sharing ended: as they are (or not found, for anyone else).
    if (!song) return statusOf(songId, (yield* stateOfSong(user, songId)).state)
    const source = yield* stemsSource(song.versionId)
    const versionId = song.versionId!
    const credits = config.stemsPrices[source.maker]
    const chargeId = credits > 0 ? uuidv7() : null
    const at = yield* now
    if (chargeId !== null) yield* payments.topUp(user)
    const debited = yield* store.transaction(
      Effect.gen(function* () {
        const { events } = yield* runCommand({
          ...stemsOf(versionId),
          command: {
            _tag: "RequestStems",
            versionId,
            songId,
            userId: user.userId,
            maker: source.maker,
            credits,
            chargeId,
            requestedAt: at,
          },
          actor: actorOf(user),
        })
        if (events.length === 0) return undefined
        yield* jobs.enqueue(makeStems, { versionId }, { key: `stems-${versionId}` })
        if (chargeId === null) return undefined
        return yield* payments.debit({
          userId: user.userId,
          generationId: chargeId,
          amount: credits,
          spentOn: "stems",
          actor: actorOf(user),
        })
      }),
    )
    // The balance the screens read shows the debit before the answer goes out.
    if (debited) yield* payments.shown(debited)
    return statusOf(songId, yield* stemsState(versionId))
  })

  const zip = Effect.fn("Stems.zip")(function* (
    user: SignedInUser,
    songId: string,
    rangeHeader: string | undefined,
  ) {
    const { song, state } = yield* stateOfSong(user, songId)
    if (state._tag !== "Made") return yield* songNotFound
    const stored = yield* storage.stat(state.key).pipe(Effect.orDie)
    if (stored === undefined) return yield* songNotFound
    const downloadName = fileName(`${song.title} (stems)`, "zip")
    return yield* fileResponse({
      ...stored,
      rangeHeader,
      open: (range) => storage.read(state.key, range).pipe(Effect.orDie),
      downloadName,
      directUrl: storage.directUrl(state.key, downloadName).pipe(Effect.orDie),
    })
  })

  return {
    status: (user: SignedInUser, songId: string) =>
      status(user, songId).pipe(Effect.provide(context)),
    request: (user: SignedInUser, songId: string) =>
      request(user, songId).pipe(Effect.provide(context)),
    zip: (user: SignedInUser, songId: string, rangeHeader: string | undefined) =>
      zip(user, songId, rangeHeader).pipe(Effect.provide(context)),
  }
})

/** A song's stems, made on request by a background job (stems-job.ts) and kept. */
export class Stems extends Context.Tag("@melody/music/Stems")<
  Stems,
  Effect.Effect.Success<typeof make>
>() {
  static readonly live = Layer.effect(Stems, make)
}
