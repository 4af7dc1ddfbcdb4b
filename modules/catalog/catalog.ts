import { HttpServerRequest } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { v5 as uuidv5 } from "uuid"
import type { Actor } from "#events/contracts/actor.ts"
import { actorOf, type SignedInUser } from "#events/contracts/auth.ts"
import {
  catalogStreams,
  LikeEvent,
  SongEvent,
  type SongSaved,
  songPaths,
} from "#events/contracts/catalog.ts"
import { NotFound } from "#events/contracts/http-errors.ts"
import { versionIdFromAudioPath } from "#events/contracts/media.ts"
import type { PublicPage, SongRow } from "#events/contracts/song-rows.ts"
import { loadAggregate } from "#events/decider.ts"
import { runCommand } from "#events/handle-command.ts"
import { EventStore } from "#events/store/index.ts"
import { fileName, fileResponse } from "#toolkit/file-response.ts"
import { oncePerObject } from "#toolkit/once-per-object.ts"
import {
  AudioUnavailable,
  LikeState,
  PublicSongs,
  type SaveSongPayload,
  SongIsPrivate,
  SongView,
  UnknownAudio,
} from "./api.ts"
import { like } from "./like.ts"
import { CatalogReads, SongFiles } from "./ports.ts"
import { song, visibleTo } from "./song.ts"

const notFound = new NotFound({ message: "This song does not exist, or it is private." })

/** Fixed: a version's song id is derived from it, so saving a version twice saves one song. */
const songIdNamespace = "6b1f3a52-8c2e-4f7a-9d61-3e5c0b7a2f14"
export const songIdOfVersion = (versionId: string) => uuidv5(versionId, songIdNamespace)

/** Read models hold only what the deciders accepted: no need to validate it again on every read. */
export const toView = (row: SongRow) =>
  new SongView(
    {
      id: row.songId,
      userId: row.ownerId,
      title: row.title,
      audioUrl: songPaths.audio(row.songId),
      streamAudioUrl: songPaths.audio(row.songId),
      imageUrl: row.imageKey ? songPaths.cover(row.songId) : null,
      sourceImageUrl: row.sourceImageUrl,
      duration: row.durationMs,
      isPublic: row.isPublic,
      style: row.style,
      lyrics: row.lyrics,
      createdAt: row.createdAt,
      taskId: row.generationId,
      likes: row.likes,
      liked: row.liked,
      creator: { username: row.creator },
    },
    true,
  )

interface VersionRow {
  readonly version_id: string
  readonly generation_id: string
  readonly index: number
  readonly title: string
  readonly style: string
  readonly lyrics: string
  readonly audio_key: string
  readonly image_key: string | null
  readonly source_image_url: string | null
  readonly duration_ms: number
}

const make = Effect.gen(function* () {
  const store = yield* EventStore
  const sql = yield* SqlClient.SqlClient
  const reads = yield* CatalogReads
  const files = yield* SongFiles

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
    Effect.map(loadAggregate(songStream(songId)), ({ state }) => state).pipe(Effect.orDie)

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
    })

  /** Saves a generated version as a song (spec: POST /api/songs); saving it again changes nothing. */
  const save = (user: SignedInUser, payload: SaveSongPayload) =>
    Effect.gen(function* () {
      const versionId = versionIdFromAudioPath(payload.audioUrl)
      const [version] = versionId
        ? yield* sql<VersionRow>`
            select version_id, generation_id, index, title, style, lyrics, audio_key, image_key,
                   source_image_url, duration_ms
              from catalog.versions where version_id = ${versionId} and user_id = ${user.userId}`.pipe(
            Effect.orDie,
          )
        : []
      if (!version) {
        return yield* new UnknownAudio({
          message:
            "Songs are saved from versions generated for you here. This audio is not one of them.",
        })
      }
      const songId = songIdOfVersion(version.version_id)
      const existing = yield* loadSong(songId)
      if (existing === null) {
        yield* saveSong(
          songId,
          {
            userId: user.userId,
            title: payload.title,
            style: payload.style || version.style,
            lyrics: payload.lyrics || version.lyrics,
            audioKey: version.audio_key,
            imageKey: version.image_key,
            sourceImageUrl: version.source_image_url,
            durationMs: version.duration_ms,
            isPublic: payload.isPublic,
            versionId: version.version_id,
            generationId: version.generation_id,
          },
          actorOf(user),
        ).pipe(
          Effect.catchTag("AlreadySaved", () => Effect.void),
          Effect.orDie,
        )
      } else if (payload.isPublic && !existing.isPublic) {
        yield* setVisibility(user, songId, true)
      }
      yield* settledOn(catalogStreams.song(songId))
      return yield* viewOf(songId, user.userId)
    }).pipe(Effect.catchTag("NotFound", Effect.die), Effect.withSpan("Catalog.save"))

  const setVisibility = (user: SignedInUser, songId: string, isPublic: boolean) =>
    runCommand({
      ...songStream(songId),
      command: { _tag: "SetVisibility", userId: user.userId, isPublic },
      actor: actorOf(user),
    }).pipe(
      Effect.catchTag("SongNotFound", () => Effect.fail(notFound)),
      Effect.catchTag("AlreadySaved", Effect.die),
    )

  const setPrivacy = (user: SignedInUser, songId: string, isPublic: boolean) =>
    Effect.gen(function* () {
      yield* setVisibility(user, songId, isPublic)
      yield* settledOn(catalogStreams.song(songId))
      return yield* viewOf(songId, user.userId)
    }).pipe(Effect.withSpan("Catalog.setPrivacy"))

  const likeState = (songId: string, userId: string) =>
    Effect.map(
      reads.song(songId, userId),
      (row) => new LikeState({ likes: row?.likes ?? 0, liked: row?.liked ?? false }),
    )

  /** Likes count once per person; only public songs can be liked. */
  const setLiked = (user: SignedInUser, songId: string, liked: boolean) =>
    Effect.gen(function* () {
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
      return yield* likeState(songId, user.userId)
    }).pipe(Effect.withSpan("Catalog.setLiked"))

  const rangeHeader = Effect.map(
    HttpServerRequest.HttpServerRequest,
    (request) => request.headers.range,
  )

  /** A stored file of a visible song, ranges and all. */
  const serve = (key: string | null, downloadName: string | undefined) =>
    Effect.gen(function* () {
      const file = key === null ? undefined : yield* files.stat(key)
      if (key === null || file === undefined) return yield* notFound
      return yield* fileResponse({
        ...file,
        rangeHeader: yield* rangeHeader,
        open: (range) => files.read(key, range),
        downloadName,
        directUrl: files.directUrl(key, downloadName),
      })
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
    publicSongs: (query: {
      readonly limit: number
      readonly offset: number
      readonly snapshot: number | undefined
      readonly viewerId: string | undefined
    }) => Effect.map(reads.publicPage(query), publicView),
    /** Anonymous answers built from public pages may be kept while this stays the same. */
    publicVersion: reads.publicVersion,
    mySongs: (user: SignedInUser) =>
      Effect.map(reads.ownedBy(user.userId), (rows) => rows.map(toView)),
    likedSongs: (user: SignedInUser) =>
      Effect.map(reads.likedBy(user.userId), (rows) => rows.map(toView)),
    song: viewOf,
    save,
    setPrivacy,
    like: (user: SignedInUser, songId: string) => setLiked(user, songId, true),
    unlike: (user: SignedInUser, songId: string) =>
      setLiked(user, songId, false).pipe(Effect.catchTag("SongIsPrivate", Effect.die)),
    audio: (songId: string, viewerId: string | undefined, download: boolean) =>
      Effect.flatMap(visibleSong(songId, viewerId), (state) =>
        serve(state.audioKey, download ? fileName(state.title, "mp3") : undefined),
      ),
    wav: (songId: string, viewerId: string | undefined) =>
      Effect.gen(function* () {
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
        return yield* serve(key, fileName(state.title, "wav"))
      }),
    cover: (songId: string, viewerId: string | undefined) =>
      Effect.flatMap(visibleSong(songId, viewerId), (state) => serve(state.imageKey, undefined)),
    /** The song's files, if this person may see it: what a video is made from. */
    files: (songId: string, viewerId: string) =>
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
    /** What a shared link shows before the app loads: for public songs only. */
    publicSongPreview: (songId: string) =>
      Effect.map(reads.song(songId, undefined), (row) => (row?.isPublic ? toView(row) : undefined)),
  }
})

/** Songs and likes: one traced function per thing a person does. */
export class Catalog extends Context.Tag("@melody/catalog/Catalog")<
  Catalog,
  Effect.Effect.Success<typeof make>
>() {
  static readonly live = Layer.effect(Catalog, make)
}
