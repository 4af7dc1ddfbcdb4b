import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { catalogStreams, SongEvent } from "#events/contracts/catalog.ts"
import { NotFound } from "#events/contracts/http-errors.ts"
import { loadAggregate } from "#events/decider.ts"
import { EventStore } from "#events/store/index.ts"
import { CatalogReads } from "./ports.ts"
import { song, visibleTo } from "./song.ts"
import { toView } from "./song-view.ts"

/** The same answer for a song that does not exist and one this person may not see. */
export const notFound = new NotFound({ message: "This song does not exist, or it is private." })

/** A song's stream: what the catalog's commands run on. */
export const songStream = (songId: string) => ({
  decider: song,
  events: SongEvent,
  streamId: catalogStreams.song(songId),
})

/**
 * How the catalog finds a song and who may see it: from its stream for decisions, from the read models
 * for answers, and the wait that lets a writer read its own write.
 */
export const makeSongAccess = Effect.gen(function* () {
  const store = yield* EventStore
  const reads = yield* CatalogReads
  const storeContext = yield* Effect.context<EventStore | SqlClient.SqlClient>()

  /**
   * Waits (briefly) until the read models hold the stream's latest event: this request's write, or the
   * earlier one that made it change nothing. Not the store's head: while older transactions are still
   * open, the head stops short of a write that has just committed.
   */
  const settledOn = (streamId: string) =>
    Effect.flatMap(store.readStream(streamId).pipe(Effect.orDie), (events) => {
      const last = events.at(-1)
      return last === undefined
        ? Effect.void
        : reads.caughtUp({ transactionId: last.transactionId, globalPosition: last.globalPosition })
    })

  const loadSong = (songId: string) =>
    Effect.map(loadAggregate(songStream(songId)), ({ state }) => state).pipe(
      Effect.orDie,
      Effect.provide(storeContext),
    )

  /** The song, if this person may see it; the same "not found" otherwise. */
  const visibleSong = (songId: string, viewerId: string | undefined) =>
    Effect.flatMap(loadSong(songId), (state) =>
      visibleTo(state, viewerId) ? Effect.succeed(state) : Effect.fail(notFound),
    )

  const viewOf = (songId: string, viewerId: string | undefined) =>
    Effect.flatMap(reads.song(songId, viewerId), (row) =>
      row && (row.isPublic || row.ownerId === viewerId)
        ? Effect.succeed(toView(row))
        : Effect.fail(notFound),
    )

  return { settledOn, loadSong, visibleSong, viewOf }
})

export type SongAccess = Effect.Effect.Success<typeof makeSongAccess>
