import { Readable } from "node:stream"
import type { ReadableStream } from "node:stream/web"
import { HttpServerResponse } from "@effect/platform"
import type { SqlClient } from "@effect/sql"
import { Effect, Stream } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { loadAggregate } from "#events/decider.ts"
import type { EventStore } from "#events/store/index.ts"
import { MusicApi } from "../makers/music-api.ts"
import { streamOf } from "./generation-decider.ts"
import { type GenerationState, stepRank } from "./generation-state.ts"

/** Where the dialog plays a track the music API is still making. */
export const previewPath = (generationId: string, index: number) =>
  `/api/media/previews/${generationId}/${index}`

/**
 * The tracks of a running music-API generation that can be heard before they are done: from TEXT_SUCCESS
 * on, each track the music API streams while it makes it, until its final file is ours.
 */
export const previewIndexes = (state: GenerationState): ReadonlyArray<number> =>
  state._tag === "Running" &&
  state.request.maker === "music-api" &&
  state.makerTaskId !== null &&
  stepRank(state.status) >= stepRank("TEXT_SUCCESS")
    ? [1, 2].filter((index) => !state.versions.some((version) => version.index === index))
    : []

const notFound = new NotFound({ message: "This preview does not exist, or it has ended." })

/**
 * A track the music API is still making, for its owner: its stream link is asked of the music API as the
 * player starts (the link is the music API's, never the browser's), and its audio passed on as it comes.
 */
export const makePreviews = Effect.gen(function* () {
  const api = yield* MusicApi
  const context = yield* Effect.context<EventStore | SqlClient.SqlClient>()

  return (user: SignedInUser, generationId: string, index: number) =>
    Effect.gen(function* () {
      const { state } = yield* loadAggregate(streamOf(generationId)).pipe(Effect.orDie)
      if (state._tag !== "Running" || state.request.userId !== user.userId) return yield* notFound
      if (!previewIndexes(state).includes(index)) return yield* notFound
      const task = yield* api.task(state.makerTaskId!).pipe(Effect.orElseSucceed(() => undefined))
      const link = task?.tracks[index - 1]?.streamAudioUrl
      if (!link) return yield* notFound
      const response = yield* Effect.tryPromise((signal) => fetch(link, { signal })).pipe(
        Effect.orElseSucceed(() => undefined),
      )
      if (!response?.ok || !response.body) return yield* notFound
      const body = Readable.fromWeb(response.body as ReadableStream<Uint8Array>)
      return HttpServerResponse.stream(
        Stream.fromAsyncIterable(body, (error) => error),
        {
          contentType: response.headers.get("content-type") ?? "audio/mpeg",
          headers: { "cache-control": "no-store" },
        },
      )
    }).pipe(Effect.provide(context))
})
