import type pg from "pg"
import { creatorSongTables } from "#projections/creators/projection.ts"
import { playlistSongTables } from "#projections/playlists/projection.ts"
import { searchSongTables } from "#projections/search/projection.ts"
import { librarySongTables } from "#projections/songs/library.ts"
import { timelineTables } from "#projections/songs/timeline.ts"
import { phraseSql, words } from "./words.ts"

/** The song read models besides the timeline's, which hold the same songs, likes and names. */
const otherSongTables = [creatorSongTables, playlistSongTables, searchSongTables, librarySongTables]

const songColumns = `song_id, owner_id, title, style, lyrics, image_key, source_image_url, duration_ms,
  is_public, chosen_public, generation_id, created_at, likes, plays, tags`

/** The timeline's songs, likes and creators' names copied into every other song read model. */
export const copySongs = async (db: pg.Pool) => {
  for (const t of otherSongTables) {
    await db.query(
      `insert into ${t.songs} (${songColumns}) select ${songColumns} from ${timelineTables.songs}`,
    )
    await db.query(`insert into ${t.likes} select song_id, user_id from ${timelineTables.likes}`)
    await db.query(
      `insert into ${t.creators} select user_id, username from ${timelineTables.creators}`,
    )
  }
}

/**
 * The creators' pages and search entries: each with a name and a bio in the vocabulary, joined over the
 * last years. Their usernames are the timeline's.
 */
export const seedPeople = async (db: pg.Pool) => {
  await db.query(
    `insert into creator_people (user_id, username, name, joined_at, bio)
     select c.user_id, c.username, initcap(${phraseSql("$1::text[]", "g", 2)}),
       now() - make_interval(hours => g), ${phraseSql("$1::text[]", "g", 12)}
       from ${timelineTables.creators} c, lateral (select substr(c.user_id, 6)::int as g) n`,
    [words],
  )
  await db.query(
    `insert into search_people (user_id, username, name, avatar_key)
     select user_id, username, name, avatar_key from creator_people`,
  )
}

/**
 * About `follows` follows, each person following a hundred others on average, the first creators far
 * more followed than the rest (as a few are on every platform); then each person's counts.
 */
export const seedFollows = async (db: pg.Pool, creators: number, follows: number) => {
  const perPerson = Math.ceil(follows / creators)
  let written = 0
  while (written < follows) {
    const { rowCount } = await db.query(
      `insert into creator_follows (follower_id, creator_id, followed_at)
       select 'user-' || f, 'user-' || t, now() - make_interval(mins => (f * 31 + i * 17) % 500000)
         from generate_series(1, $1::int) f, generate_series(1, $2::int) i,
              lateral (select 1 + floor($1::int * power(random() + 0 * i, 2))::int as t) pick
        where t <> f
       on conflict do nothing`,
      [creators, Math.max(1, Math.ceil((perPerson * (follows - written)) / follows))],
    )
    written += rowCount ?? 0
  }
  await countFollows(db)
  return written
}

/** `userId` follows `count` creators, the most followed more likely. */
export const follow = async (db: pg.Pool, userId: string, creators: number, count: number) => {
  await db.query(
    `insert into creator_follows (follower_id, creator_id, followed_at)
     select $1, 'user-' || (1 + floor($2::int * power(random() + 0 * i, 2))::int), now()
       from generate_series(1, $3::int) i
     on conflict do nothing`,
    [userId, creators, count],
  )
}

/** Every person's followers and following, from the follows. */
export const countFollows = async (db: pg.Pool) => {
  await db.query(
    `update creator_people p set
       followers = (select count(*) from creator_follows f where f.creator_id = p.user_id),
       following = (select count(*) from creator_follows f where f.follower_id = p.user_id)`,
  )
}
