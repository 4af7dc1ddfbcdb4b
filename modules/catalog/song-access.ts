import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { NotFound } from "#api/refusals.ts"
import { catalogStreams, SongEvent } from "#events/contracts/catalog.ts"
import { loadAggregate } from "#events/decider.ts"
import type { EventStore } from "#events/store/index.ts"
import { makeWithheld } from "#events/withheld.ts"
import { song, visibleTo } from "./song.ts"

/** The same answer for a song that does not exist and one this person may not see. */
export const notFound = new NotFound({ message: "This song does not exist, or it is private." })

/** A song's stream: what the catalog's commands run on. */
export const songStream = (songId: string) => ({
  decider: song,
  events: SongEvent,
  streamId: catalogStreams.song(songId),
})

/** How the catalog finds a song, from its stream, and who may see it. */
export const makeSongAccess = Effect.gen(function* () {
  const storeContext = yield* Effect.context<EventStore | SqlClient.SqlClient>()
  const { withheld } = yield* makeWithheld

  const loadSong = (songId: string) =>
    Effect.map(loadAggregate(songStream(songId)), ({ state }) => state).pipe(
      Effect.orDie,
      Effect.provide(storeContext),
    )

  /**
   * The song, if this person may see it; the same "not found" otherwise. Another's public song is seen
   * unless moderation withholds it (hidden, or its owner suspended).
   */
  const visibleSong = (songId: string, viewerId: string | undefined) =>
    Effect.flatMap(loadSong(songId), (state) => {
      if (!visibleTo(state, viewerId)) return Effect.fail(notFound)
      if (state.userId === viewerId) return Effect.succeed(state)
      return Effect.flatMap(withheld("song", songId, state.userId), (kept) =>
        kept ? Effect.fail(notFound) : Effect.succeed(state),
      ).pipe(Effect.provide(storeContext))
    })

  return { loadSong, visibleSong }
})

export type SongAccess = Effect.Effect.Success<typeof makeSongAccess>
