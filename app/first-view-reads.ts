import { Effect, Option } from "effect"
import { CreatorReads } from "#projections/creators/reads.ts"
import { PlaylistReads } from "#projections/playlists/reads.ts"
import { SongReads } from "#projections/songs/song-reads.ts"
import type { FirstViewReads } from "./http/first-view/first-views.ts"

/** As many songs as the app's first page of the timeline holds (web/src/features/timeline). */
const timelinePageSize = 20

/** Found, or undefined for what a visitor may not see or what does not exist. */
const found = <A, E>(read: Effect.Effect<A, E>) =>
  Effect.map(Effect.option(read), Option.getOrUndefined)

/** The read models' answers to a visitor without a session, as the drawn pages need them. */
export const firstViewReads = Effect.gen(function* () {
  const songs = yield* SongReads
  const creators = yield* CreatorReads
  const playlists = yield* PlaylistReads
  return {
    timeline: () =>
      songs.publicSongs({
        limit: timelinePageSize,
        offset: 0,
        snapshot: undefined,
        viewerId: undefined,
      }),
    song: (songId) => found(songs.song(songId, undefined)),
    creator: (username) =>
      found(
        Effect.all(
          {
            profile: creators.profile(username, undefined),
            songs: creators.songs(username, undefined),
            playlists: playlists.ofCreator(username),
          },
          { concurrency: "unbounded" },
        ),
      ),
    playlist: (playlistId) => found(playlists.playlist(playlistId, undefined)),
  } satisfies FirstViewReads
})
