import type pg from "pg"
import { likeMilestones } from "#projections/notifications/projection.ts"
import { timelineTables } from "#projections/songs/timeline.ts"

/**
 * The seeded world's songs and people as the comments', notifications' and moderation's read models hold
 * them: the world was written straight into the song and creator read models (see bench/timeline), and
 * these three know a song or a person from the same events. A song's likes carry over with the last
 * milestone they passed, so a like after the seeding tells its owner only of a milestone it reaches.
 * Rows the projections wrote already (the songs saved in the catalog) keep theirs, their counts aside.
 */
export const seedTalkReadModels = async (db: pg.Pool) => {
  await db.query(
    `insert into comment_songs (song_id, owner_id, is_public)
     select song_id, owner_id, is_public from ${timelineTables.songs}
     on conflict (song_id) do nothing`,
  )
  await db.query(
    `insert into notification_songs (song_id, owner_id, title, is_public, likes, milestone)
     select song_id, owner_id, title, is_public, likes,
            coalesce((select max(m) from unnest($1::int[]) m where m <= likes), 0)
       from ${timelineTables.songs}
     on conflict (song_id) do update set likes = excluded.likes, milestone = excluded.milestone`,
    [likeMilestones],
  )
  await db.query(
    `insert into comment_people (user_id, username, name, avatar_key)
     select user_id, username, name, avatar_key from creator_people
     on conflict (user_id) do nothing`,
  )
  for (const table of ["notification_people", "moderation_people"]) {
    await db.query(
      `insert into ${table} (user_id, username) select user_id, username from creator_people
       on conflict (user_id) do nothing`,
    )
  }
}
