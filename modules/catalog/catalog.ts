import type { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { Actor } from "#events/contracts/actor.ts"
import { actorOf, type SignedInUser } from "#events/contracts/auth.ts"
import { catalogStreams, LikeEvent, SongEvent, type SongSaved } from "#events/contracts/catalog.ts"
import { NotFound } from "#events/contracts/http-errors.ts"
import type { PublicPage } from "#events/contracts/song-rows.ts"
import { loadAggregate } from "#events/decider.ts"
import { runCommand } from "#events/handle-command.ts"
import { EventStore } from "#events/store/index.ts"
import { fileName } from "#toolkit/file-response.ts"
import { oncePerObject } from "#toolkit/once-per-object.ts"
import { AudioUnavailable, LikeState, PublicSongs, SongIsPrivate } from "./api.ts"
import type { CatalogShape } from "./catalog-shape.ts"
import { like } from "./like.ts"
import { CatalogReads, SongFiles } from "./ports.ts"
import { servedFile } from "./served-file.ts"
import { song, visibleTo } from "./song.ts"
import { toView } from "./song-view.ts"
import { versionToSave } from "./versions.ts"

const notFound = new NotFound({ message: "This song does not exist, or it is private." })

const make = Effect.gen(function* () {
  const store = yield* EventStore
  const reads = yield* CatalogReads
  const files = yield* SongFiles
  const storeContext = yield* Effect.context<EventStore | SqlClient.SqlClient>()
  const serve = servedFile(files, notFound)

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

  const songStream = (songId: string) => ({
    decider: song,
    events: SongEvent,
    streamId: catalogStreams.song(songId),
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

  const saveSong = (songId: string, saved: Omit<SongSaved, "_tag" | "songId">, actor: Actor) =>
    runCommand({
      ...songStream(songId),
      command: { _tag: "SaveSong", song: { ...saved, songId } },
      actor,
    }).pipe(
      Effect.catchTag("AlreadySaved", () => Effect.void),
      Effect.orDie,
    )

  const setVisibility = (user: SignedInUser, songId: string, isPublic: boolean) =>
    runCommand({
      ...songStream(songId),
      command: { _tag: "SetVisibility", userId: user.userId, isPublic },
      actor: actorOf(user),
    }).pipe(
      Effect.catchTag("SongNotFound", () => Effect.fail(notFound)),
      Effect.catchTag("AlreadySaved", Effect.die),
    )

  const save = Effect.fn("Catalog.save")(function* (
    user: SignedInUser,
    payload: Parameters<CatalogShape["save"]>[1],
  ) {
    const { songId, saved } = yield* versionToSave(user.userId, payload)
    const existing = yield* loadSong(songId)
    if (existing === null) yield* saveSong(songId, saved, actorOf(user))
    else if (payload.isPublic && !existing.isPublic) {
      yield* setVisibility(user, songId, true).pipe(Effect.catchTag("NotFound", Effect.die))
    }
    yield* settledOn(catalogStreams.song(songId))
    return yield* viewOf(songId, user.userId).pipe(Effect.catchTag("NotFound", Effect.die))
  })

  const setPrivacy = Effect.fn("Catalog.setPrivacy")(function* (
    user: SignedInUser,
    songId: string,
    isPublic: boolean,
  ) {
    yield* setVisibility(user, songId, isPublic)
    yield* settledOn(catalogStreams.song(songId))
    return yield* viewOf(songId, user.userId)
  })

  const setLiked = Effect.fn("Catalog.setLiked")(function* (
    user: SignedInUser,
    songId: string,
    liked: boolean,
  ) {
    const state = yield* visibleSong(songId, user.userId)
    if (liked && !state.isPublic) {
      return yield* new SongIsPrivate({ message: "Only public songs can be liked." })
    }
    yield* runCommand({
      decider: like,
      events: LikeEvent,
      streamId: catalogStreams.like(songId, user.userId),
      command: { _tag: liked ? "Like" : "Unlike", songId, userId: user.userId },
      actor: actorOf(user),
      maxAttempts: 10,
    })
    yield* settledOn(catalogStreams.like(songId, user.userId))
    const row = yield* reads.song(songId, user.userId)
    return new LikeState({ likes: row?.likes ?? 0, liked: row?.liked ?? false })
  })

  const wav = Effect.fn("Catalog.wav")(function* (
    songId: string,
    viewerId: string | undefined,
    rangeHeader: string | undefined,
  ) {
    const state = yield* visibleSong(songId, viewerId)
    const key = yield* files.wav(state.audioKey).pipe(
      Effect.tapError((error) => Effect.logError("WAV conversion failed", error.reason)),
      Effect.mapError(
        () =>
          new AudioUnavailable({
            message: "Failed to convert to WAV. Please try again in a moment.",
          }),
      ),
    )
    return yield* serve(key, rangeHeader, fileName(state.title, "wav"))
  })

  // The timeline hands out the same page object to every anonymous reader, and the same song objects to
  // every page that lists them: each is converted once.
  const viewOfRow = oncePerObject(toView)
  const publicView = oncePerObject(
    (page: PublicPage) =>
      new PublicSongs(
        { songs: page.songs.map(viewOfRow), total: page.total, snapshot: page.snapshot },
        true,
      ),
  )

  return {
    publicSongs: (query) => Effect.map(reads.publicPage(query), publicView),
    publicVersion: reads.publicVersion,
    mySongs: (user) => Effect.map(reads.ownedBy(user.userId), (rows) => rows.map(toView)),
    likedSongs: (user) => Effect.map(reads.likedBy(user.userId), (rows) => rows.map(toView)),
    song: viewOf,
    save,
    setPrivacy,
    like: (user, songId) => setLiked(user, songId, true),
    unlike: (user, songId) =>
      setLiked(user, songId, false).pipe(Effect.catchTag("SongIsPrivate", Effect.die)),
    audio: (songId, viewerId, request) =>
      Effect.flatMap(visibleSong(songId, viewerId), (state) =>
        serve(
          state.audioKey,
          request.rangeHeader,
          request.download ? fileName(state.title, "mp3") : undefined,
        ),
      ),
    wav,
    cover: (songId, viewerId, rangeHeader) =>
      Effect.flatMap(visibleSong(songId, viewerId), (state) =>
        serve(state.imageKey, rangeHeader, undefined),
      ),
    files: (songId, viewerId) =>
      Effect.map(loadSong(songId), (state) =>
        visibleTo(state, viewerId)
          ? {
              title: state.title,
              audioKey: state.audioKey,
              imageKey: state.imageKey,
              durationMs: state.durationMs,
            }
          : undefined,
      ),
    publicSongPreview: (songId) =>
      Effect.map(reads.song(songId, undefined), (row) => (row?.isPublic ? toView(row) : undefined)),
  } satisfies CatalogShape
})

/** Songs and likes (see catalog-shape.ts for each function's contract). */
export class Catalog extends Context.Tag("@melody/catalog/Catalog")<Catalog, CatalogShape>() {
  static readonly live = Layer.effect(Catalog, make)
}
