import type pg from "pg"
import { creatorSongTables } from "#projections/creators/projection.ts"
import { playlistSongTables } from "#projections/playlists/projection.ts"
import { searchSongTables } from "#projections/search/projection.ts"
import { todaySql } from "#projections/songs/daily-counts.ts"
import { libraryDaily, librarySongTables } from "#projections/songs/library.ts"
import { timelineDaily, timelineTables } from "#projections/songs/timeline.ts"

const songTables = [
  timelineTables,
  creatorSongTables,
  playlistSongTables,
  searchSongTables,
  librarySongTables,
]

/** The scale `s` at which the sum of floor(s / n) over n = 1..count reaches `total`: a long tail's. */
export const tailScale = (count: number, total: number) => {
  let scale = Math.max(1, Math.ceil(total / Math.log(count)))
  const sum = (s: number) => {
    let all = 0
    for (let n = 1; n <= Math.min(count, s); n++) all += Math.floor(s / n)
    return all
  }
  while (sum(scale) < total) scale = Math.ceil(scale * 1.01)
  return scale
}

/**
 * `plays` plays in the songs' counts, on a long tail in another order than the likes' (the most played
 * are not the most liked); and the last 30 days' likes and plays, day by day, each day with its own
 * favourites, as Trending and the owners' charts read them: half the plays and a fifth of the likes
 * arrived in those 30 days. Returns how many days' rows were written.
 */
export const seedPlays = async (
  db: pg.Pool,
  world: { readonly songs: number; readonly plays: number; readonly likes: number },
) => {
  const { songs } = world
  const scale = tailScale(songs, world.plays)
  for (const t of songTables) {
    await db.query(
      `update ${t.songs} s set plays = v.plays
         from (select md5('song-' || g)::uuid::text as song_id,
                      floor($1::bigint / (1 + (g::bigint * 31337) % $2::int))::int as plays
                 from generate_series(1, $2::int) g) v
        where s.song_id = v.song_id`,
      [scale, songs],
    )
  }
  const playsADay = tailScale(songs, world.plays / 2 / 30)
  const likesADay = tailScale(songs, world.likes / 5 / 30)
  let written = 0
  for (const table of [timelineDaily, libraryDaily]) {
    const { rowCount } = await db.query(
      `insert into ${table} (song_id, day, likes, plays)
       select md5('song-' || g)::uuid::text, ${todaySql} - d, likes, plays
         from generate_series(0, 29) d, generate_series(1, $1::int) g,
              lateral (select
                floor($3::bigint / (1 + (g::bigint * 15485863 + d * 7) % $1::int))::int as likes,
                floor($2::bigint / (1 + (g::bigint * 7919 + d * 104729) % $1::int))::int as plays) n
        where likes > 0 or plays > 0`,
      [songs, playsADay, likesADay],
    )
    written = rowCount ?? 0
  }
  return written
}
