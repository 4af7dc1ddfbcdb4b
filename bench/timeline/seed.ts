import type pg from "pg"
import { tailScale } from "./plays-seed.ts"
import { lyricsSql, phraseSql, words } from "./words.ts"

/** The styles the seeded songs cycle through. */
const styles = [
  "Pop, upbeat, female vocals, synth",
  "Rock, energetic, male vocals, electric guitar",
  "Jazz, smooth, saxophone, piano",
  "Hip-Hop, confident, male vocals, 808 bass",
  "Country, warm, acoustic guitar, fiddle",
  "Electronic, dreamy, synth pads, drum machine",
  "Classical, cinematic, strings, piano",
  "R&B, soulful, female vocals, keys",
]

/** The people of the seeded world: `user-1` to `user-<creators>` make the songs. */
export const ownerSql = (creators: number, g: string) =>
  // A tenth of the songs are by the 200 busiest creators; the rest spread over everyone.
  `'user-' || case when ${g} % 10 = 0 then 1 + ${g} % 200 else 1 + (${g} * 7919) % ${creators} end`

/**
 * Fills the timeline's read model the way a year of use would: `songs` public songs by `creators`
 * people, titled and sung in a vocabulary (see words.ts), and likes that follow a long tail (the n-th most
 * liked song has about `scale / n` likes, so thousands of songs tie at the same count and the tie-break
 * order matters). Written straight into the projection's tables: the benchmark measures the read path,
 * and replaying a million events first would only slow the run down. Returns how many likes it wrote.
 */
export const seedTimeline = async (
  db: pg.Pool,
  world: { readonly songs: number; readonly likes: number; readonly creators: number },
) => {
  const { songs, likes, creators } = world
  const scale = tailScale(songs, likes)

  await db.query(
    `insert into timeline_creators (user_id, username)
     select 'user-' || g, ($2::text[])[1 + g % array_length($2::text[], 1)] || g
       from generate_series(1, $1::int) g`,
    [creators, words],
  )
  await db.query(
    `insert into timeline_songs (song_id, owner_id, title, style, lyrics, image_key, source_image_url,
       duration_ms, is_public, chosen_public, generation_id, created_at, likes, tags)
     select md5('song-' || g)::uuid::text, ${ownerSql(creators, "g")},
       initcap(${phraseSql("$4::text[]", "g", 2)}),
       ($2::text[])[1 + g % array_length($2::text[], 1)], ${lyricsSql("$4::text[]", "g", 8)},
       null, null, 150000 + g % 90000, true, true, null, now() - make_interval(secs => g * 60),
       floor($3::int / g)::int, '{}'
     from generate_series(1, $1::int) g`,
    [songs, styles, scale, words],
  )
  const { rowCount } = await db.query(
    `insert into timeline_likes (song_id, user_id)
     select md5('song-' || g)::uuid::text, 'user-' || u
       from generate_series(1, $1::int) g, generate_series(1, floor($2::int / g)::int) u`,
    [songs, scale],
  )
  await db.query(
    `insert into timeline_stats (id, public_count, last_seq, pruned_through) values (1, $1, 0, 0)
     on conflict (id) do update set public_count = excluded.public_count`,
    [songs],
  )
  return rowCount ?? 0
}

/** A viewer who liked the most liked songs, so that `liked` is true on the first pages. */
export const likeTopSongs = async (db: pg.Pool, userId: string, count: number) => {
  await db.query(
    `with top as (
       select song_id from timeline_songs where is_public
        order by likes desc, created_at desc, song_id desc limit $2),
     liked as (
       insert into timeline_likes (song_id, user_id) select song_id, $1 from top returning song_id)
     update timeline_songs s set likes = s.likes + 1 from liked where s.song_id = liked.song_id`,
    [userId, count],
  )
}

/**
 * Likes random songs, `perSecond` of them, the way the timeline's projection writes a like (the song's
 * count, its entry in the log of changes, the counters naming the log's last entry), until stopped. Each
 * moves the timeline's state. Likes start on a clock, a few at a time on the pool's connections, so a
 * slow one does not lower the rate; stopping waits for those under way and answers how many were written.
 */
export const likeSteadily = (db: pg.Pool, songs: number, perSecond: number) => {
  const started = performance.now()
  let begun = 0
  let written = 0
  const underWay = new Set<Promise<void>>()
  const like = () =>
    db
      .query(
        `with song as (
           select song_id, likes, is_public from timeline_songs
            where song_id = md5('song-' || $1::int)::uuid::text),
         logged as (
           insert into timeline_changes (song_id, likes_before, public_before)
           select song_id, likes, is_public from song returning seq),
         liked as (
           update timeline_songs set likes = likes + 1 where song_id in (select song_id from song))
         update timeline_stats set last_seq = greatest(last_seq, (select max(seq) from logged))`,
        [1 + Math.floor(Math.random() * songs)],
      )
      .then(() => {
        written++
      })
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * perSecond)
    for (; begun < due; begun++) {
      const done = like().finally(() => underWay.delete(done))
      underWay.add(done)
    }
  }, 5)
  return async () => {
    clearInterval(timer)
    await Promise.all(underWay)
    return written
  }
}
