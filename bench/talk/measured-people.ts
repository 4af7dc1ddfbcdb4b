import { Actors } from "#events/contracts/actor.ts"
import { catalogStreams, SongLiked } from "#events/contracts/catalog.ts"
import { CreatorFollowed, communityStreams } from "#events/contracts/community.ts"
import { type AppendRequest, toNewEvent } from "#events/store/index.ts"
import type { SavedSong } from "../timeline/song-streams.ts"
import { phrase } from "../timeline/words.ts"
import type { Commentable } from "./comments-seed.ts"

const encodeFollow = toNewEvent(CreatorFollowed)
const encodeLike = toNewEvent(SongLiked)

/** Songs each measured person made. */
const songsEach = 10
/** Their first songs' likes: the first passes every milestone (10, 100, 1,000), the others two. */
const likesOfFirst = [1200, 600, 400]

/** A measured person's song, and its rank among the commented songs. */
export interface MeasuredSong extends SavedSong {
  readonly rank: number
}

/**
 * The measured people's own songs, public, saved as the catalog saves a song: `songsEach` each, titled
 * and sung in the vocabulary. Person `p`'s song `j` is ranked `10 + p + 20 j` among the commented songs
 * (see `withMeasuredSongs`), so each has a few thousand comments in all, the first person the most.
 */
export const measuredSongs = (measured: ReadonlyArray<string>): ReadonlyArray<MeasuredSong> =>
  measured.flatMap((ownerId, p) =>
    Array.from({ length: songsEach }, (_, j) => ({
      songId: crypto.randomUUID(),
      ownerId,
      title: phrase(2),
      style: "Pop, upbeat, female vocals, synth",
      lyrics: `[Verse 1]\n${phrase(6)}\n${phrase(6)}\n[Chorus]\n${phrase(6)}`,
      durationMs: 150_000 + 1000 * (p * songsEach + j),
      rank: 9 + p + 20 * j,
    })),
  )

/** The seeded songs (most commented first) with the measured people's own slotted in at their ranks. */
export const withMeasuredSongs = (
  seeded: ReadonlyArray<Commentable>,
  own: ReadonlyArray<MeasuredSong>,
): ReadonlyArray<Commentable> => {
  const ranked = [...seeded]
  for (const song of [...own].sort((a, b) => a.rank - b.rank)) {
    ranked.splice(song.rank, 0, { songId: song.songId, ownerId: song.ownerId })
  }
  return ranked
}

/** Seeded person n of `people`, spread so that a run of n never repeats one (7919 is prime to them). */
const spread = (n: number, people: number) => `user-${1 + ((n * 7919) % people)}`

/**
 * Followers and likes for the measured people, as following and liking write them (each pair its own
 * stream): person `p` gets `1500 - 50 p` followers, and their first songs `likesOfFirst` likes, from the
 * seeded people.
 */
export function* fanAppends(
  measured: ReadonlyArray<string>,
  songs: ReadonlyArray<SavedSong>,
  people: number,
): Generator<AppendRequest> {
  for (const [p, creatorId] of measured.entries()) {
    const followers = Math.min(people - 1, 1500 - 50 * p)
    for (let n = 0; n < followers; n++) {
      const followerId = spread(n + 101 * p, people)
      yield {
        streamId: communityStreams.follow(followerId, creatorId),
        expected: "no_stream",
        events: [
          encodeFollow(
            new CreatorFollowed({ followerId, creatorId }),
            { actor: Actors.user(followerId), correlationId: crypto.randomUUID() },
            crypto.randomUUID(),
          ),
        ],
      }
    }
    const own = songs.filter((song) => song.ownerId === creatorId)
    for (const [j, likes] of likesOfFirst.entries()) {
      const song = own[j]
      if (song === undefined) continue
      for (let n = 0; n < Math.min(people, likes); n++) {
        const userId = spread(n + 31 * j + 101 * p, people)
        yield {
          streamId: catalogStreams.like(song.songId, userId),
          expected: "no_stream",
          events: [
            encodeLike(
              new SongLiked({ songId: song.songId, userId }),
              { actor: Actors.user(userId), correlationId: crypto.randomUUID() },
              crypto.randomUUID(),
            ),
          ],
        }
      }
    }
  }
}
