import { Context, Effect, Layer } from "effect"
import { catalogStreams, SongEvent } from "#events/contracts/catalog.ts"
import { fold } from "#events/decider.ts"
import { decodeAll, EventStore } from "#events/store/index.ts"

/** A song as music works on it: what an operation, a voice or stems start from. */
export interface OwnedSong {
  readonly songId: string
  readonly title: string
  readonly style: string
  readonly lyrics: string
  /** The generated version it was saved from: where its audio and musical facts are. */
  readonly versionId: string | null
  readonly durationMs: number
}

type SongState =
  | (OwnedSong & {
      readonly ownerId: string
      readonly isPublic: boolean
      readonly partsShared: boolean
      readonly deleted: boolean
    })
  | null

/** Music's view of a song, folded from the catalog's published facts about it. */
const songView = {
  initialState: null as SongState,
  evolve: (state: SongState, event: SongEvent): SongState => {
    switch (event._tag) {
      case "SongSaved":
        return {
          songId: event.songId,
          ownerId: event.userId,
          title: event.title,
          style: event.style,
          lyrics: event.lyrics,
          versionId: event.versionId,
          durationMs: event.durationMs,
          isPublic: event.isPublic,
          partsShared: false,
          deleted: false,
        }
      case "SongMadePublic":
      case "SongMadePrivate":
        return state && { ...state, isPublic: event._tag === "SongMadePublic" }
      case "SongPartsShared":
      case "SongPartsUnshared":
        return state && { ...state, partsShared: event._tag === "SongPartsShared" }
      case "SongDeleted":
        return state && { ...state, isPublic: false, deleted: true }
    }
  },
}

const ownedOf = (song: NonNullable<SongState>): OwnedSong => ({
  songId: song.songId,
  title: song.title,
  style: song.style,
  lyrics: song.lyrics,
  versionId: song.versionId,
  durationMs: song.durationMs,
})

const visibleTo = (song: SongState, viewerId: string): song is NonNullable<SongState> =>
  song !== null && !song.deleted && (song.isPublic || song.ownerId === viewerId)

/**
 * The songs music may work on and who may ask, read from the catalog's song events (`SongEvent`) on the
 * song's own stream: always as current as the catalog's own decisions, with nothing asked of the catalog.
 */
export class Songs extends Context.Tag("@melody/music/Songs")<
  Songs,
  {
    /** The song, if this person may see it: their own, or anyone's public one. */
    readonly visible: (songId: string, viewerId: string) => Effect.Effect<OwnedSong | undefined>
    /** The song, if it is this person's own: what an operation starts from. */
    readonly owned: (songId: string, userId: string) => Effect.Effect<OwnedSong | undefined>
    /** The song, if this person may take its parts: their own, or public with its parts shared. */
    readonly withParts: (songId: string, userId: string) => Effect.Effect<OwnedSong | undefined>
    /**
     * The song while it exists, whoever's it is and whoever may see it now: for what someone bought of it
     * while they could (its stems).
     */
    readonly existing: (songId: string) => Effect.Effect<OwnedSong | undefined>
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
            visibleTo(song, viewerId) ? ownedOf(song) : undefined,
          ),
        owned: (songId, userId) =>
          Effect.map(load(songId), (song) =>
            visibleTo(song, userId) && song.ownerId === userId ? ownedOf(song) : undefined,
          ),
        withParts: (songId, userId) =>
          Effect.map(load(songId), (song) =>
            visibleTo(song, userId) && (song.ownerId === userId || song.partsShared)
              ? ownedOf(song)
              : undefined,
          ),
        existing: (songId) =>
          Effect.map(load(songId), (song) => (song && !song.deleted ? ownedOf(song) : undefined)),
      })
    }),
  )
}
