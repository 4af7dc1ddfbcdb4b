import { Effect, ManagedRuntime, Redacted } from "effect"
import type pg from "pg"
import { pgClientLayer } from "#events/store/pg-client.ts"
import { makeTimelineOrder } from "#projections/songs/timeline-order.ts"
import { readTimelineOrder, songsInOrderReader } from "#projections/songs/timeline-reads.ts"
import { now, type Row } from "../support/report.ts"
import { load, type Measured, type Pressure, timed, worst } from "./measure.ts"
import { likeSteadily } from "./seed.ts"

const rounds = 2
const pageSize = 20
const targetP99 = 25

/** The page's songs with their creators and whether the viewer liked them, in one statement. */
const bareQuery = `
  select s.song_id, s.owner_id, s.title, s.style, s.lyrics, s.image_key, s.source_image_url,
    s.duration_ms, s.is_public, s.generation_id, s.created_at, s.likes, c.username,
    exists (select 1 from timeline_likes l where l.song_id = s.song_id and l.user_id = $3) as liked
  from timeline_songs s left join timeline_creators c on c.user_id = s.owner_id
  where s.is_public order by s.likes desc, s.created_at desc, s.song_id desc limit $1 offset $2`

const ms = (n: number) => `${n.toFixed(1)} ms`

/**
 * GET /api/songs/public (HTTP, JSON, session, snapshot paging) against the bare page query, in the
 * target's scenarios: pages read while nothing changes, and while 100 likes a second arrive, each of which
 * moves the timeline's state (counts and order); then the floor of a deep page that is not kept.
 */
export const measureTimeline = async (options: {
  readonly db: pg.Pool
  readonly liker: pg.Pool
  readonly databaseUrl: string
  readonly base: string
  readonly songs: number
  readonly listener: { readonly cookie: string; readonly userId: string }
  readonly pressure: Pressure
}): Promise<ReadonlyArray<Row>> => {
  const { db, base, listener, pressure, songs } = options
  /** The first 50 pages, as people scrolling read them; or any page of them all. */
  const firstPages = () => pageSize * Math.floor(Math.random() * 50)
  const anyPage = () => pageSize * Math.floor(Math.random() * (songs / pageSize))
  const pages = `${(songs / pageSize).toLocaleString("en-US")} pages`

  const overHttp = (offset: () => number, signedIn: boolean) =>
    load({ ...pressure, base, cookie: signedIn ? listener.cookie : undefined }, () => ({
      path: `/api/songs/public?limit=${pageSize}&offset=${offset()}`,
    }))
  const overSql = (offset: () => number, signedIn: boolean) =>
    timed(pressure, () =>
      db.query(bareQuery, [pageSize, offset(), signedIn ? listener.userId : ""]),
    )

  const scenarios: ReadonlyArray<{
    readonly name: string
    readonly offset: () => number
    readonly signedIn: boolean
    readonly likesPerSecond?: number
  }> = [
    { name: "first 50 pages, anonymous", offset: firstPages, signedIn: false },
    { name: "first 50 pages, signed in", offset: firstPages, signedIn: true },
    { name: `any of ${pages}, anonymous`, offset: anyPage, signedIn: false },
    {
      name: "first 50 pages, 100 likes a second",
      offset: firstPages,
      signedIn: false,
      likesPerSecond: 100,
    },
    {
      name: `any of ${pages}, 100 likes a second`,
      offset: anyPage,
      signedIn: false,
      likesPerSecond: 100,
    },
  ]

  const rows: Array<Row> = []
  for (const scenario of scenarios) {
    const ours: Array<Measured> = []
    const bare: Array<Measured> = []
    const likingFrom = now()
    const stopLiking =
      scenario.likesPerSecond === undefined
        ? undefined
        : likeSteadily(options.liker, songs, scenario.likesPerSecond)
    // A short warm-up for both, then alternate rounds.
    await overHttp(scenario.offset, scenario.signedIn)
    await overSql(scenario.offset, scenario.signedIn)
    for (let round = 0; round < rounds; round++) {
      bare.push(await overSql(scenario.offset, scenario.signedIn))
      ours.push(await overHttp(scenario.offset, scenario.signedIn))
    }
    const liked = await stopLiking?.()
    if (liked !== undefined) {
      const rate = liked / ((now() - likingFrom) / 1000)
      console.log(`${scenario.name}: ${rate.toFixed(0)} likes a second arrived`)
    }
    const a = worst(ours)
    const b = worst(bare)
    if (a.failures + b.failures > 0) {
      console.error(`${scenario.name}: ${a.failures} failed requests, ${b.failures} failed queries`)
    }
    rows.push(
      {
        scenario: `${scenario.name}: p99`,
        ours: ms(a.p99),
        baseline: ms(b.p99),
        ratio: b.p99 / a.p99,
        target: `< ${targetP99} ms`,
        pass: a.p99 < targetP99 && a.failures === 0,
      },
      {
        scenario: `${scenario.name}: p50`,
        ours: ms(a.p50),
        baseline: ms(b.p50),
        ratio: b.p50 / a.p50,
        target: "",
        pass: undefined,
      },
      {
        scenario: `${scenario.name}: throughput`,
        ours: `${Math.round(a.perSecond).toLocaleString("en-US")} req/s`,
        baseline: `${Math.round(b.perSecond).toLocaleString("en-US")} q/s`,
        ratio: a.perSecond / b.perSecond,
        target: "",
        pass: undefined,
      },
    )
  }

  // The floor of a deep page that is not kept: its songs read by id alone, without the server.
  const alone = worst([
    await readAlone(options.databaseUrl, pressure, anyPage),
    await readAlone(options.databaseUrl, pressure, anyPage),
  ])
  rows.push(
    {
      scenario: `any of ${pages}, our page read alone (no HTTP): p99`,
      ours: ms(alone.p99),
      baseline: "-",
      ratio: undefined,
      target: "",
      pass: undefined,
    },
    {
      scenario: `any of ${pages}, our page read alone (no HTTP): throughput`,
      ours: `${Math.round(alone.perSecond).toLocaleString("en-US")} reads/s`,
      baseline: "-",
      ratio: undefined,
      target: "",
      pass: undefined,
    },
  )
  return rows
}

/**
 * Our own read of a page that is not kept, as the server makes it (ids cut from the order in memory, the
 * songs read by id), but without HTTP: what the database and its driver allow on this machine, on a pool
 * of the server's default size.
 */
const readAlone = async (
  databaseUrl: string,
  pressure: Pressure,
  offset: () => number,
): Promise<Measured> => {
  const reads = ManagedRuntime.make(
    pgClientLayer({ url: Redacted.make(databaseUrl), maxConnections: 10 }),
  )
  const order = makeTimelineOrder()
  const whole = await reads.runPromise(readTimelineOrder)
  order.reset(whole.state, whole.placed)
  const songsInOrder = await reads.runPromise(songsInOrderReader)
  const measured = await timed(pressure, () =>
    Effect.runPromise(songsInOrder(order.page(offset(), pageSize).songIds)),
  )
  await reads.dispose()
  return measured
}
