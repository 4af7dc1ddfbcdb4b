import type pg from "pg"
import { v7 as uuidv7 } from "uuid"
import { Actors } from "#events/contracts/actor.ts"
import {
  moderationStreams,
  type ReportedKind,
  ReportFiled,
  type ReportReason,
} from "#events/contracts/moderation.ts"
import { type AppendRequest, toNewEvent } from "#events/store/index.ts"
import { phrase } from "../timeline/words.ts"
import type { SeededComment } from "./comments-seed.ts"
import { arrivalOrder, tailCounts } from "./long-tail.ts"

const encode = toNewEvent(ReportFiled)

/** Something people can report: its kind and id, whose it is, and how it reads. */
interface Reportable {
  readonly kind: ReportedKind
  readonly id: string
  readonly authorId: string
  readonly seen: string
}

/** What the reported items are, of every hundred: mostly comments and songs. */
const kindShares: ReadonlyArray<readonly [ReportedKind, number]> = [
  ["comment", 55],
  ["song", 30],
  ["playlist", 10],
  ["creator", 5],
]

/** Why people report, of every hundred reports. */
const reasonShares: ReadonlyArray<readonly [ReportReason, number]> = [
  ["spam", 35],
  ["harassment", 20],
  ["copyright", 12],
  ["hate", 10],
  ["sexual content", 8],
  ["other", 8],
  ["impersonation", 7],
]

const reason = (): ReportReason => {
  let left = Math.random() * 100
  for (const [name, share] of reasonShares) {
    left -= share
    if (left < 0) return name
  }
  return "spam"
}

const shuffled = <A>(items: ReadonlyArray<A>) =>
  items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item)

/** `items` reportable things of every kind, at `kindShares`, drawn from the seeded world, mixed. */
const reportables = async (
  db: pg.Pool,
  items: number,
  comments: ReadonlyArray<SeededComment>,
): Promise<ReadonlyArray<Reportable>> => {
  const of = (kind: ReportedKind) =>
    Math.ceil((items * (kindShares.find(([k]) => k === kind)?.[1] ?? 0)) / 100)
  const drawn = async (kind: ReportedKind, query: string) =>
    (await db.query<Omit<Reportable, "kind">>(query, [of(kind)])).rows.map((row) => ({
      ...row,
      kind,
    }))
  const all = [
    ...shuffled(comments)
      .slice(0, of("comment"))
      .map((c) => ({
        kind: "comment" as const,
        id: c.commentId,
        authorId: c.authorId,
        seen: c.text,
      })),
    ...(await drawn(
      "song",
      `select song_id as id, owner_id as "authorId", title as seen from timeline_songs
        where is_public order by random() limit $1`,
    )),
    ...(await drawn(
      "playlist",
      `select playlist_id as id, owner_id as "authorId", name as seen from playlists
        where is_public order by random() limit $1`,
    )),
    ...(await drawn(
      "creator",
      `select username as id, user_id as "authorId", username as seen from creator_people
        where user_id like 'user-%' order by random() limit $1`,
    )),
  ]
  return shuffled(all).slice(0, items)
}

/**
 * `total` reports of the seeded world's comments, songs, playlists and creators, by the seeded people
 * (never of their own, one each per item), as they arrive over time: half as many items as reports, each
 * reported at least once, a few (spam, a pile-on) a hundred times. Each report is the next event on its
 * item's case, at the version the case has reached, as filing one writes it.
 */
export const reportAppends = async (
  db: pg.Pool,
  options: {
    readonly total: number
    readonly people: number
    readonly comments: ReadonlyArray<SeededComment>
  },
): Promise<{ readonly items: number; readonly appends: Iterable<AppendRequest> }> => {
  const items = await reportables(db, Math.ceil(options.total / 2), options.comments)
  const order = arrivalOrder(tailCounts(items.length, options.total, { head: 5, least: 1 }))
  const versions = new Int32Array(items.length)
  const reporters = new Int32Array(items.length)
  function* appends(): Generator<AppendRequest> {
    for (const i of order) {
      const item = items[i]!
      let reporterId: string
      do {
        const n = reporters[i]!
        reporters[i] = n + 1
        reporterId = `user-${1 + ((n * 7919 + i * 131) % options.people)}`
      } while (reporterId === item.authorId)
      const why = reason()
      const event = new ReportFiled({
        reportId: uuidv7(),
        reporterId,
        kind: item.kind,
        itemId: item.id,
        authorId: item.authorId,
        reason: why,
        details:
          why === "other" || Math.random() < 0.2 ? phrase(4 + Math.floor(Math.random() * 12)) : "",
        seen: item.seen,
      })
      const version = versions[i]!
      versions[i] = version + 1
      yield {
        streamId: moderationStreams.case(item.kind, item.id),
        expected: version === 0 ? "no_stream" : version,
        events: [
          encode(
            event,
            { actor: Actors.user(reporterId), correlationId: event.reportId },
            crypto.randomUUID(),
          ),
        ],
      }
    }
  }
  return { items: items.length, appends: appends() }
}
