import { Context, Effect, Layer } from "effect"
import type { Actor } from "#events/contracts/actor.ts"
import { actorOf, type SignedInUser } from "#events/contracts/auth.ts"
import { catalogStreams, LikeEvent, type SongSaved } from "#events/contracts/catalog.ts"
import type { PublicPage } from "#events/contracts/song-rows.ts"
import { runCommand } from "#events/handle-command.ts"
import { oncePerObject } from "#toolkit/once-per-object.ts"
import { LikeState, PublicSongs, SongIsPrivate, UnknownAudio } from "./api.ts"
import type { CatalogShape } from "./catalog-shape.ts"
import { makeLibraryDownload } from "./library-download.ts"
import { like } from "./like.ts"
import { CatalogReads } from "./ports.ts"
import { makeSongAccess, notFound, songStream } from "./song-access.ts"
import { makeSongDeletion } from "./song-deletion.ts"
import { makeSongFileAnswers } from "./song-file-answers.ts"
import { SongFiles } from "./song-files.ts"
import { toView } from "./song-view.ts"
import { versionToSave } from "./versions.ts"

const make = Effect.gen(function* () {
  const reads = yield* CatalogReads
  const { settledOn, loadSong, visibleSong, viewOf } = yield* makeSongAccess
  const fileAnswers = yield* makeSongFileAnswers(visibleSong)
  const libraryDownload = yield* makeLibraryDownload(loadSong)
  const deleteSongs = yield* makeSongDeletion({ loadSong, settledOn })

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
    if (existing?.deleted)
      return yield* new UnknownAudio({
        message: "This song was deleted. It cannot be saved again.",
      })
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

  const setPartsSharing = Effect.fn("Catalog.setPartsSharing")(function* (
    user: SignedInUser,
    songId: string,
    shared: boolean,
  ) {
    yield* runCommand({
      ...songStream(songId),
      command: { _tag: "SetPartsSharing", userId: user.userId, shared },
      actor: actorOf(user),
    }).pipe(
      Effect.catchTag("SongNotFound", () => Effect.fail(notFound)),
      Effect.catchTag("AlreadySaved", Effect.die),
    )
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
    setPartsSharing,
    like: (user, songId) => setLiked(user, songId, true),
    unlike: (user, songId) =>
      setLiked(user, songId, false).pipe(Effect.catchTag("SongIsPrivate", Effect.die)),
    ...fileAnswers,
    libraryDownload,
    deleteSongs,
    publicSongPreview: (songId) =>
      Effect.map(reads.song(songId, undefined), (row) => (row?.isPublic ? toView(row) : undefined)),
    publicSongCount: reads.publicSongCount,
    listedSongs: reads.publicSongs,
  } satisfies CatalogShape
})

/** Songs and likes (see catalog-shape.ts for each function's contract). */
export class Catalog extends Context.Tag("@melody/catalog/Catalog")<Catalog, CatalogShape>() {
  static readonly live = Layer.effect(Catalog, make).pipe(Layer.provide(SongFiles.live))
}
