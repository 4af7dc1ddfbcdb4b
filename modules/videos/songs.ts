import { Context, Effect, Layer } from "effect"
import { catalogStreams, SongEvent } from "#events/contracts/catalog.ts"
import { fold } from "#events/decider.ts"
import { decodeAll, EventStore } from "#events/store/index.ts"

/** A song's files as a video is made from them: storage keys, duration in milliseconds. */
export interface SongSource {
  readonly title: string
  readonly audioKey: string
  readonly coverKey: string | null
  /** When each line is sung, where its maker knows. */
  readonly syncedLyricsKey: string | null
  readonly durationMs: number
}

type SongState =
  | (SongSource & {
      readonly ownerId: string
      readonly isPublic: boolean
      readonly deleted: boolean
    })
  | null

/** A song as videos see it, folded from the catalog's published facts about it. */
const songView = {
  initialState: null as SongState,
  evolve: (state: SongState, event: SongEvent): SongState => {
    switch (event._tag) {
      case "SongSaved":
        return {
          ownerId: event.userId,
          title: event.title,
          durationMs: event.durationMs,
          audioKey: event.audioKey,
          coverKey: event.imageKey,
          syncedLyricsKey: event.syncedLyricsKey,
          isPublic: event.isPublic,
          deleted: false,
        }
      case "SongMadePublic":
      case "SongMadePrivate":
        return state && { ...state, isPublic: event._tag === "SongMadePublic" }
      case "SongPartsShared":
      case "SongPartsUnshared":
        return state
      case "SongDeleted":
        return state && { ...state, isPublic: false, deleted: true }
    }
  },
}

/**
 * The songs a person may make a video of, read from the catalog's song events (`SongEvent`) on the song's
 * own stream: as current as the catalog's own decisions, with nothing asked of the catalog.
 */
export class Songs extends Context.Tag("@melody/videos/Songs")<
  Songs,
  {
    /** The song's files, if this person may see it: their own, or anyone's public one. */
    readonly visible: (songId: string, viewerId: string) => Effect.Effect<SongSource | undefined>
  }
>() {
  static readonly live = Layer.effect(
    Songs,
    Effect.gen(function* () {
      const store = yield* EventStore
      const decode = decodeAll(SongEvent)
      const load = (songId: string) =>
        store.readStream(catalogStreams.song(songId)).pipe(
          Effect.flatMap(decode),
          Effect.map((history) =>
            fold(
              songView,
              history.map((decoded) => decoded.event),
            ),
          ),
          Effect.orDie,
        )
      return Songs.of({
        visible: (songId, viewerId) =>
          Effect.map(load(songId), (song) =>
            song !== null && !song.deleted && (song.isPublic || song.ownerId === viewerId)
              ? song
              : undefined,
          ),
      })
    }),
  )
}
