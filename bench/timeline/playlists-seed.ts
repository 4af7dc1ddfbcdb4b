import type pg from "pg"
import { phraseSql, words } from "./words.ts"

/** The id of the p-th seeded playlist. */
export const playlistIdSql = (p: string) => `md5('playlist-' || ${p})::uuid::text`

/**
 * `playlists` playlists by the creators, nine in ten public, named and described in the vocabulary. Most
 * hold 5 to 60 songs; one in a hundred 200 to 1,000 (the most a playlist may hold), as a collector's would.
 * Their songs lean to the popular ones. Returns how many entries were written.
 */
export const seedPlaylists = async (
  db: pg.Pool,
  world: { readonly playlists: number; readonly creators: number; readonly songs: number },
) => {
  await db.query(
    `insert into playlists (playlist_id, owner_id, name, description, is_public, chosen_public,
       created_at, changed_at)
     select ${playlistIdSql("p")}, 'user-' || (1 + (p * 7919) % $2::int),
       initcap(${phraseSql("$3::text[]", "p", 2)}), ${phraseSql("$3::text[]", "p", 8)},
       p % 10 <> 0, p % 10 <> 0, now() - make_interval(hours => p), now() - make_interval(mins => p)
       from generate_series(1, $1::int) p`,
    [world.playlists, world.creators, words],
  )
  const { rowCount } = await db.query(
    `insert into playlist_entries (playlist_id, song_id, position, added_at)
     select ${playlistIdSql("p")}, md5('song-' || (1 + floor($2::int * power(random() + 0 * i, 2))::int))::uuid::text,
       i, now() - make_interval(mins => p)
       from generate_series(1, $1::int) p,
            generate_series(1, case when p % 100 = 0 then 200 + (p * 37) % 801 else 5 + (p * 13) % 56 end) i
     on conflict do nothing`,
    [world.playlists, world.songs],
  )
  await db.query(
    `insert into search_playlists (playlist_id, owner_id, name, description, is_public, chosen_public)
     select playlist_id, owner_id, name, description, is_public, chosen_public from playlists`,
  )
  return rowCount ?? 0
}
