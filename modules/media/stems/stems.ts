import type { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { actorOf, type SignedInUser } from "#events/contracts/auth.ts"
import { runCommand } from "#events/handle-command.ts"
import { EventStore } from "#events/store/index.ts"
import { now } from "#toolkit/clock.ts"
import { fileName, fileResponse } from "#toolkit/file-response.ts"
import { JobQueue } from "#toolkit/jobs.ts"
import { StemsStatus } from "../api.ts"
import { MediaStorage } from "../files/storage.ts"
import type { SongSources } from "../ports.ts"
import type { StemsState } from "./stems-decider.ts"
import { makeStems } from "./stems-job.ts"
import { playedWhole, songNotFound, songWithParts, stemsOf, stemsState } from "./stems-source.ts"

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
  const storage = yield* MediaStorage
  // What the stems' and songs' streams are read with, for every call.
  const context = yield* Effect.context<EventStore | SqlClient.SqlClient | SongSources>()

  const stateOfSong = (user: SignedInUser, songId: string) =>
    Effect.gen(function* () {
      const song = yield* songWithParts(user, songId)
      const state: StemsState =
        song.versionId === null ? { _tag: "None" } : yield* stemsState(song.versionId)
      return { song, state }
    })

  const status = Effect.fn("Stems.status")(function* (user: SignedInUser, songId: string) {
    const { state } = yield* stateOfSong(user, songId)
    return statusOf(songId, state)
  })

  /** Asks for the stems once: a second ask while they are made, or once made, changes nothing. */
  const request = Effect.fn("Stems.request")(function* (user: SignedInUser, songId: string) {
    const song = yield* songWithParts(user, songId)
    yield* playedWhole(song.versionId)
    const versionId = song.versionId!
    const at = yield* now
    yield* store.transaction(
      Effect.gen(function* () {
        const state = yield* stemsState(versionId)
        yield* runCommand({
          ...stemsOf(versionId),
          command: { _tag: "RequestStems", versionId, songId, userId: user.userId, at },
          actor: actorOf(user),
        })
        if (state._tag === "None" || state._tag === "Failed")
          yield* jobs.enqueue(makeStems, { versionId }, { key: `stems-${versionId}` })
      }),
    )
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
export class Stems extends Context.Tag("@melody/media/Stems")<
  Stems,
  Effect.Effect.Success<typeof make>
>() {
  static readonly live = Layer.effect(Stems, make)
}
