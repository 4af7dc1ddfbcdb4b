import { v7 as uuidv7 } from "uuid"
import { Actors } from "#events/contracts/actor.ts"
import { CommentPosted, commentStreams } from "#events/contracts/comments.ts"
import { type AppendRequest, toNewEvent } from "#events/store/index.ts"
import { phrase } from "../timeline/words.ts"
import { arrivalOrder, tailCounts } from "./long-tail.ts"

const encode = toNewEvent(CommentPosted)

/** A song people comment on, and whose it is. */
export interface Commentable {
  readonly songId: string
  readonly ownerId: string
}

/** A comment as reports see it: whose it is and how it reads. */
export interface SeededComment {
  readonly commentId: string
  readonly authorId: string
  readonly text: string
}

/** Of the comments under a song, this share answer one already there. */
const replyShare = 0.3
/** Of the comments that answer none, this share are by the measured people. */
const measuredShare = 0.01
/** One comment in this many is kept for reports to pick from. */
const sampleEvery = 25

/** A sentence of 3 to 40 words, most of them short, as comments are. */
const commentText = () => {
  const text = phrase(3 + Math.floor(Math.random() ** 2 * 38))
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * `total` comments on `songs` (ranked: the first draw the most, see long-tail.ts; a few get thousands,
 * most a few, the last none), in the order people would post them: each song's spread over the whole
 * time, so a busy song's comments are seconds apart rather than all at once. About a third answer a
 * comment already under the song, the first comments far more often (they collect the replies, as the
 * first comments do); a comment is by one of `people` seeded people (`user-1`, the most active, to
 * `user-<people>`), or now and then by one of `measured`. Each is the first event of its own stream, as
 * posting writes it; `sample` collects one comment in 25 for reports.
 */
export function* commentAppends(options: {
  readonly songs: ReadonlyArray<Commentable>
  readonly total: number
  readonly people: number
  readonly measured: ReadonlyArray<string>
  readonly sample: Array<SeededComment>
}): Generator<AppendRequest> {
  const { songs, people, measured, sample } = options
  const order = arrivalOrder(tailCounts(songs.length, options.total, { head: 9, least: 0 }))
  /** Per song, the comments that answer none so far: their ids and authors. */
  const firsts = new Map<number, Array<{ readonly id: string; readonly authorId: string }>>()
  const person = () => `user-${1 + Math.floor(Math.random() ** 2 * people)}`
  for (let n = 0; n < order.length; n++) {
    const rank = order[n]!
    const song = songs[rank]!
    const under = firsts.get(rank) ?? []
    if (under.length === 0) firsts.set(rank, under)
    const parent =
      under.length > 0 && Math.random() < replyShare
        ? under[Math.floor(Math.random() ** 3 * under.length)]!
        : undefined
    const authorId =
      parent === undefined && measured.length > 0 && Math.random() < measuredShare
        ? measured[Math.floor(Math.random() * measured.length)]!
        : person()
    const commentId = uuidv7()
    const text = commentText()
    if (parent === undefined) under.push({ id: commentId, authorId })
    if (n % sampleEvery === 0) sample.push({ commentId, authorId, text })
    yield {
      streamId: commentStreams.comment(commentId),
      expected: "no_stream",
      events: [
        encode(
          new CommentPosted({
            commentId,
            songId: song.songId,
            authorId,
            parentId: parent?.id ?? null,
            text,
            songOwnerId: song.ownerId,
            parentAuthorId: parent?.authorId ?? null,
          }),
          { actor: Actors.user(authorId), correlationId: commentId },
          crypto.randomUUID(),
        ),
      ],
    }
  }
}
