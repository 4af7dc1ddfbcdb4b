import { Effect } from "effect"
import type { SignedInUser } from "#events/contracts/auth.ts"
import { NotFound } from "#events/contracts/http-errors.ts"
import { StemsEvent, stemsStream } from "#events/contracts/stems.ts"
import { loadAggregate } from "#events/decider.ts"
import { StemsUnavailable } from "../api.ts"
import { streamOf } from "../generation/generation-stream.ts"
import { generationOfVersion } from "../generation/music-maker.ts"
import { SongSources } from "../ports.ts"
import { stems } from "./stems-decider.ts"

export const songNotFound = new NotFound({ message: "This song does not exist, or it is private." })
export const unavailable = new StemsUnavailable({
  message:
    "This song has no stems: they are made from songs the offline engine or the music service made, and this one was made another way.",
})

/** A version's stems stream: what its commands run on. */
export const stemsOf = (versionId: string) => ({
  decider: stems,
  events: StemsEvent,
  streamId: stemsStream(versionId),
})

/**
 * A song whose parts this person may take (their own, or public with its parts shared), and the version
 * it was saved from, if it has one.
 */
export const songWithParts = (user: SignedInUser, songId: string) =>
  Effect.flatMap(SongSources, (songs) => songs.withParts(songId, user.userId)).pipe(
    Effect.flatMap((song) => (song ? Effect.succeed(song) : Effect.fail(songNotFound))),
  )

export const stemsState = (versionId: string) =>
  Effect.map(loadAggregate(stemsOf(versionId)), ({ state }) => state).pipe(Effect.orDie)

/**
 * How a version can be taken apart: the engine plays again any song it made (stems-requests.ts); the
 * music API separates any track it made, by its task and track.
 */
export const stemsSource = (versionId: string | null) =>
  Effect.gen(function* () {
    const ids = versionId ? generationOfVersion(versionId) : undefined
    if (!ids || !versionId) return yield* unavailable
    const { state } = yield* loadAggregate(streamOf(ids.generationId)).pipe(Effect.orDie)
    if (state._tag === "None") return yield* unavailable
    const { maker, title } = state.request
    if (maker === "engine") return { maker, versionId, ...ids, title } as const
    const track =
      state._tag === "Succeeded" ? state.versions.find((v) => v.index === ids.index) : undefined
    if (state._tag !== "Succeeded" || !state.taskId || !track?.makerTrackId)
      return yield* unavailable
    return { maker, ...ids, title, taskId: state.taskId, audioId: track.makerTrackId } as const
  })
