import type pg from "pg"
import { registerAdmin, type SignedIn } from "../support/accounts.ts"
import { appendBatches, chunked } from "../support/event-batches.ts"
import { songSaved } from "../timeline/song-streams.ts"
import { size, step, type World } from "../timeline/world.ts"
import { caughtUp } from "./caught-up.ts"
import { type Commentable, commentAppends, type SeededComment } from "./comments-seed.ts"
import { fanAppends, measuredSongs, withMeasuredSongs } from "./measured-people.ts"
import { reportAppends } from "./reports-seed.ts"
import { seedTalkReadModels } from "./talk-read-models.ts"

/** How much talk is seeded on top of the community's world: the issue's, or BENCH_SCALE of it. */
const scale = Number(process.env.BENCH_SCALE ?? 1)
export const talkSize = {
  comments: Math.round(500_000 * scale),
  reports: Math.round(10_000 * scale),
}

/** A song and how many comments stand under it. */
export interface CommentedSong {
  readonly songId: string
  readonly comments: number
}

/** A measured person, signed in, and how many of their notifications are unread. */
export interface Notified extends SignedIn {
  readonly unread: number
}

/** What the talk's reads are measured on. */
export interface TalkWorld {
  /** The most commented songs, the most first. */
  readonly commented: ReadonlyArray<CommentedSong>
  readonly notified: ReadonlyArray<Notified>
  readonly admin: SignedIn
  readonly reports: { readonly total: number; readonly items: number }
}

/**
 * Comments, notifications and reports on top of the seeded `world`, all through the event store and the
 * running server's projections: the talk read models learn the world's songs and people; the world's
 * listeners (the measured people) save songs of their own; `talkSize.comments` comments fall on the
 * songs the most played first (see comments-seed.ts), the listeners' among them; the listeners get
 * followers and likes; `talkSize.reports` reports arrive for the admin's queue. Waits until every
 * projection has read it all.
 */
export const seedTalk = async (
  db: pg.Pool,
  options: { readonly base: string; readonly databaseUrl: string; readonly world: World },
): Promise<TalkWorld> => {
  const { databaseUrl, world } = options
  console.log(`Seeding ${JSON.stringify(talkSize)}:`)
  const admin = await registerAdmin(options.base, databaseUrl, "bench_admin")
  await step("the talk read models' songs and people", () => seedTalkReadModels(db))
  const { rows: seeded } = await db.query<Commentable>(
    `select song_id as "songId", owner_id as "ownerId" from timeline_songs
      where is_public order by plays desc, song_id`,
  )
  const measured = world.listeners.map((listener) => listener.userId)
  const own = measuredSongs(measured)
  await step(`${own.length} songs of the measured people`, () =>
    appendBatches(databaseUrl, chunked(own.map(songSaved), 100)),
  )
  // Followers before comments: for each new follower the notifications projection deletes the earlier
  // notice of that follower by (user_id, kind, actor_id), which no index serves, so it reads every
  // notification of the person; after 10,000 comments that took it minutes. The reads measured are the same.
  const fans = await step("followers and likes of the measured people appended", () =>
    appendBatches(databaseUrl, chunked(fanAppends(measured, own, size.creators), 500)),
  )
  const sample: Array<SeededComment> = []
  const comments = commentAppends({
    songs: withMeasuredSongs(seeded, own),
    total: talkSize.comments,
    people: size.creators,
    measured,
    sample,
  })
  await step(`${talkSize.comments.toLocaleString("en-US")} comments appended`, () =>
    appendBatches(databaseUrl, chunked(comments, 500)),
  )
  const reports = await reportAppends(db, {
    total: talkSize.reports,
    people: size.creators,
    comments: sample,
  })
  // One writer: two reports of an item are two versions of its case, appended in their order.
  await step(`${talkSize.reports.toLocaleString("en-US")} reports appended`, () =>
    appendBatches(databaseUrl, chunked(reports.appends, 200), { concurrency: 1 }),
  )
  await step("every projection caught up", () => caughtUp(db))
  await step("vacuum analyze", () => db.query("vacuum analyze"))
  const { rows: commented } = await db.query<CommentedSong>(
    `select song_id as "songId", count(*)::int as comments from song_comments
      group by song_id order by comments desc limit 2000`,
  )
  const { rows: unread } = await db.query<{ userId: string; unread: number }>(
    `select user_id as "userId", count(*) filter (where not read)::int as unread
       from notifications where user_id = any($1::text[]) group by user_id`,
    [measured],
  )
  const unreadOf = new Map(unread.map((row) => [row.userId, row.unread]))
  console.log(
    `  ${fans.events.toLocaleString("en-US")} follows and likes; ${reports.items.toLocaleString("en-US")} items reported; the busiest song has ${commented[0]?.comments.toLocaleString("en-US")} comments`,
  )
  return {
    commented,
    notified: world.listeners.map((listener) => ({
      ...listener,
      unread: unreadOf.get(listener.userId) ?? 0,
    })),
    admin,
    reports: { total: talkSize.reports, items: reports.items },
  }
}
