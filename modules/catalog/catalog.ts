import { Context, Effect, Layer } from "effect"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import type { Actor } from "#events/contracts/actor.ts"
import { catalogStreams, LikeEvent, type SongSaved } from "#events/contracts/catalog.ts"
import { runCommand } from "#events/handle-command.ts"
import { ContentChecks } from "#toolkit/content-checks/index.ts"
import { LikeState, SongIsPrivate, SongSettings, UnknownAudio } from "./api.ts"
import type { CatalogShape } from "./catalog-shape.ts"
import { makeLibraryDownload } from "./library-download.ts"
import { like } from "./like.ts"
import { makePlays } from "./plays.ts"
import type { Song } from "./song.ts"
import { makeSongAccess, notFound, songStream } from "./song-access.ts"
import { makeSongDeletion } from "./song-deletion.ts"
import { makeSongFileAnswers } from "./song-file-answers.ts"
import { SongFiles } from "./song-files.ts"
import { versionToSave } from "./versions.ts"

const make = Effect.gen(function* () {
  const { loadSong, visibleSong } = yield* makeSongAccess
  const fileAnswers = yield* makeSongFileAnswers(visibleSong)
  const libraryDownload = yield* makeLibraryDownload(loadSong)
  const deleteSongs = yield* makeSongDeletion({ loadSong })
  const play = yield* makePlays(visibleSong)
  const checks = yield* ContentChecks

  /** A song's settings as its stream holds them once the write is decided. */
  const settingsOf = (state: NonNullable<Song>) =>
    new SongSettings({
      id: state.songId,
      isPublic: state.isPublic,
      partsShared: state.partsShared ?? false,
    })

  /** The state a command left, which exists: the deciders refuse a song that does not. */
  const settingsAfter = (result: { readonly state: Song }) =>
    result.state === null
      ? Effect.die(new Error("a decided song has no state"))
      : Effect.succeed(settingsOf(result.state))

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
    yield* checks.check([
      { field: "title", label: "The title", text: payload.title },
      { field: "style", label: "The style", text: payload.style, style: true },
      { field: "lyrics", label: "The lyrics", text: payload.lyrics },
    ])
    const existing = yield* loadSong(songId)
    if (existing?.deleted)
      return yield* new UnknownAudio({
        message: "This song was deleted. It cannot be saved again.",
      })
    if (existing === null) yield* saveSong(songId, saved, actorOf(user))
    else if (payload.isPublic && !existing.isPublic) {
      yield* setVisibility(user, songId, true).pipe(Effect.catchTag("NotFound", Effect.die))
    }
    const stored = yield* loadSong(songId)
    if (stored === null) return yield* Effect.die(new Error("a saved song has no state"))
    return settingsOf(stored)
  })

  const setPrivacy = Effect.fn("Catalog.setPrivacy")(function* (
    user: SignedInUser,
    songId: string,
    isPublic: boolean,
  ) {
    return yield* Effect.flatMap(setVisibility(user, songId, isPublic), settingsAfter)
  })

  const setPartsSharing = Effect.fn("Catalog.setPartsSharing")(function* (
    user: SignedInUser,
    songId: string,
    shared: boolean,
  ) {
    const decided = yield* runCommand({
      ...songStream(songId),
      command: { _tag: "SetPartsSharing", userId: user.userId, shared },
      actor: actorOf(user),
    }).pipe(
      Effect.catchTag("SongNotFound", () => Effect.fail(notFound)),
      Effect.catchTag("AlreadySaved", Effect.die),
    )
    return yield* settingsAfter(decided)
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
    return new LikeState({ liked })
  })

  return {
    save,
    setPrivacy,
    setPartsSharing,
    like: (user, songId) => setLiked(user, songId, true),
    unlike: (user, songId) =>
      setLiked(user, songId, false).pipe(Effect.catchTag("SongIsPrivate", Effect.die)),
    play,
    ...fileAnswers,
    libraryDownload,
    deleteSongs,
  } satisfies CatalogShape
})

/** Songs, likes and plays (see catalog-shape.ts for each function's contract). */
export class Catalog extends Context.Tag("@melody/catalog/Catalog")<Catalog, CatalogShape>() {
  static readonly live = Layer.effect(Catalog, make).pipe(Layer.provide(SongFiles.live))
}
