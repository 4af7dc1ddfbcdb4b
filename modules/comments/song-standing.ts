import { Effect } from "effect"
import { catalogStreams, SongEvent } from "#events/contracts/catalog.ts"
import { CommentEvent, commentStreams, SongCommentsEvent } from "#events/contracts/comments.ts"
import { fold } from "#events/decider.ts"
import { decodeAll, EventStore } from "#events/store/index.ts"
import { makeWithheld } from "#events/withheld.ts"
import { comment } from "./comment.ts"
import { songComments } from "./song-comments.ts"

const decodeSong = decodeAll(SongEvent)
const decodeSwitch = decodeAll(SongCommentsEvent)
const decodeComment = decodeAll(CommentEvent)

/** A song as comments see it: who owns it, whether it is public, whether it takes comments. */
export interface SongStanding {
  readonly ownerId: string
  readonly isPublic: boolean
  readonly open: boolean
}

/**
 * What is read before a comment is decided, each from its own stream, so it is as current as the
 * decisions themselves, with nothing asked of the catalog: a song's standing (undefined once deleted or
 * never saved), and a comment as it stands.
 */
export const makeStandings = Effect.gen(function* () {
  const store = yield* EventStore
  const { withheld } = yield* makeWithheld
  const standing = (songId: string) =>
    Effect.all([
      store.readStream(catalogStreams.song(songId)).pipe(Effect.flatMap(decodeSong)),
      store.readStream(commentStreams.song(songId)).pipe(Effect.flatMap(decodeSwitch)),
    ]).pipe(
      Effect.map(([history, switches]): SongStanding | undefined => {
        let standing: SongStanding | undefined
        const open = fold(
          songComments,
          switches.map((e) => e.event),
        )
        for (const { event } of history) {
          if (event._tag === "SongSaved")
            standing = { ownerId: event.userId, isPublic: event.isPublic, open }
          else if (standing && event._tag === "SongMadePublic")
            standing = { ...standing, isPublic: true }
          else if (standing && event._tag === "SongMadePrivate")
            standing = { ...standing, isPublic: false }
          else if (event._tag === "SongDeleted") return undefined
        }
        return standing
      }),
      Effect.orDie,
    )
  const commentOf = (commentId: string) =>
    store.readStream(commentStreams.comment(commentId)).pipe(
      Effect.flatMap(decodeComment),
      Effect.map((history) =>
        fold(
          comment,
          history.map((e) => e.event),
        ),
      ),
      Effect.orDie,
    )
  /** A song moderation keeps from others stands as a private one does. */
  const song = (songId: string) =>
    Effect.flatMap(standing(songId), (found) =>
      found === undefined || !found.isPublic
        ? Effect.succeed(found)
        : Effect.map(withheld("song", songId, found.ownerId), (kept) =>
            kept ? { ...found, isPublic: false } : found,
          ),
    )
  return { song, comment: commentOf }
})
