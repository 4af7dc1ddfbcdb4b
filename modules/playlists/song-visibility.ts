import { Effect } from "effect"
import { catalogStreams, SongEvent } from "#events/contracts/catalog.ts"
import { decodeAll, EventStore } from "#events/store/index.ts"

const decode = decodeAll(SongEvent)

/**
 * Whether a person may put a song in a playlist: it exists and is public, or it is theirs. Read from the
 * song's own stream, so it is as current as the catalog's decisions, with nothing asked of the catalog.
 */
export const makeSongVisibility = Effect.map(
  EventStore,
  (store) => (songId: string, viewerId: string) =>
    store.readStream(catalogStreams.song(songId)).pipe(
      Effect.flatMap(decode),
      Effect.map((history) => {
        let owner: string | undefined
        let visible = false
        for (const { event } of history) {
          if (event._tag === "SongSaved") {
            owner = event.userId
            visible = event.isPublic
          } else if (event._tag === "SongMadePublic") visible = true
          else if (event._tag === "SongMadePrivate") visible = false
          else if (event._tag === "SongDeleted") return false
        }
        return owner !== undefined && (visible || owner === viewerId)
      }),
      Effect.orDie,
    ),
)
