import { Effect, Schema } from "effect"
import { catalogStreams, SongEvent } from "#events/contracts/catalog.ts"
import { CommentEvent, commentStreams } from "#events/contracts/comments.ts"
import { identityStreams, UsernameClaimed } from "#events/contracts/identity.ts"
import type { ReportedKind } from "#events/contracts/moderation.ts"
import { PlaylistEvent, playlistStream } from "#events/contracts/playlists.ts"
import {
  type DecodedEvent,
  decodeAll,
  EventStore,
  type RecordedEvent,
  type UndecodableEvent,
} from "#events/store/index.ts"

const decodeSong = decodeAll(SongEvent)
const decodeComment = decodeAll(CommentEvent)
const decodePlaylist = decodeAll(PlaylistEvent)
const decodeClaim = decodeAll(Schema.Union(UsernameClaimed))

/** Who made a public thing, and how it reads; undefined when it does not exist or is not public. */
export interface Authored {
  readonly authorId: string
  /** A song's or playlist's title, a comment's text, a creator's username. */
  readonly seen: string
  /** The song a comment is under. */
  readonly songId?: string
}
type AuthorOf = (id: string) => Effect.Effect<Authored | undefined>

/**
 * Who made each kind of thing people report, read from its own stream, so it is as current as the
 * decisions about it, with nothing asked of the modules that decide them: only what anyone may see can be
 * reported (a public song or playlist, a comment under a public song, a creator by username).
 */
export const makeItemAuthors = Effect.map(EventStore, (store) => {
  const read = <E>(
    streamId: string,
    decode: (
      events: ReadonlyArray<RecordedEvent>,
    ) => Effect.Effect<ReadonlyArray<DecodedEvent<E>>, UndecodableEvent>,
  ) => store.readStream(streamId).pipe(Effect.flatMap(decode), Effect.orDie)

  const song: AuthorOf = (songId) =>
    Effect.map(read(catalogStreams.song(songId), decodeSong), (history) => {
      let song: Authored | undefined
      let visible = false
      for (const { event } of history) {
        if (event._tag === "SongSaved") {
          song = { authorId: event.userId, seen: event.title }
          visible = event.isPublic
        } else if (event._tag === "SongMadePublic") visible = true
        else if (event._tag === "SongMadePrivate") visible = false
        else if (event._tag === "SongDeleted") return undefined
      }
      return visible ? song : undefined
    })

  const comment: AuthorOf = (commentId) =>
    Effect.flatMap(read(commentStreams.comment(commentId), decodeComment), (history) => {
      const posted = history[0]?.event
      if (posted?._tag !== "CommentPosted") return Effect.succeed(undefined)
      let text = posted.text
      for (const { event } of history) {
        if (event._tag === "CommentEdited") text = event.text
        else if (event._tag === "CommentDeleted") return Effect.succeed(undefined)
      }
      return Effect.map(song(posted.songId), (under) =>
        under === undefined
          ? undefined
          : { authorId: posted.authorId, seen: text, songId: posted.songId },
      )
    })

  const playlist: AuthorOf = (playlistId) =>
    Effect.map(read(playlistStream(playlistId), decodePlaylist), (history) => {
      let list: Authored | undefined
      let visible = false
      for (const { event } of history) {
        if (event._tag === "PlaylistCreated") {
          list = { authorId: event.ownerId, seen: event.name }
          visible = event.isPublic
        } else if (list && event._tag === "PlaylistEdited") list = { ...list, seen: event.name }
        else if (event._tag === "PlaylistMadePublic") visible = true
        else if (event._tag === "PlaylistMadePrivate") visible = false
        else if (event._tag === "PlaylistDeleted") return undefined
      }
      return visible ? list : undefined
    })

  const creator: AuthorOf = (username) =>
    Effect.map(read(identityStreams.username(username), decodeClaim), (claims) => {
      const claim = claims[0]?.event
      return claim && { authorId: claim.userId, seen: claim.username }
    })

  const authors: Record<ReportedKind, AuthorOf> = { song, comment, playlist, creator }
  return (kind: ReportedKind, id: string) => authors[kind](id)
})
