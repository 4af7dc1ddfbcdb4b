import type { Row } from "../support/report.ts"
import { latencies, measureFloor, throughput } from "../timeline/floor.ts"
import { type Asked, type Measured, type Pressure, warmedWorst } from "../timeline/measure.ts"
import { popular } from "../timeline/world.ts"
import type { TalkWorld } from "./talk-world.ts"

const rounds = 2
/** The issue's targets: a song page's comments and the notification count, and the moderation queue. */
const targets = { page: 25, count: 25, queue: 100 }

const pick = <A>(items: ReadonlyArray<A>) => items[Math.floor(Math.random() * items.length)]!
const count = (n: number) => n.toLocaleString("en-US")

/**
 * A scenario: the requests one page makes, and its target, asked by as many people at once as the
 * pressure says, or by `connections`.
 */
interface Scenario {
  readonly name: string
  readonly target: number
  readonly ask: () => string | Asked
  readonly connections?: number | undefined
}

/** A team of admins reads the queue, not fifty people: it is measured at 50 and at this many connections. */
const admins = 5

const firstComments = (songId: string, order: "newest" | "top") =>
  `/api/songs/${songId}/comments?order=${order}&limit=50&offset=0`

const scenariosOf = (talk: TalkWorld): ReadonlyArray<Scenario> => {
  const busiest = talk.commented.slice(0, 10)
  const span = (songs: ReadonlyArray<{ readonly comments: number }>) =>
    `${count(songs.at(-1)?.comments ?? 0)}-${count(songs[0]?.comments ?? 0)} comments`
  const unread = talk.notified.map((person) => person.unread)
  return [
    ...(["newest", "top"] as const).map((order) => ({
      name: `first 50 comments, ${order}, the 10 busiest songs (${span(busiest)})`,
      target: targets.page,
      ask: () => firstComments(pick(busiest).songId, order),
    })),
    {
      // The page reads the song, then its comments (newest first, as it opens).
      name: `song page (the song, then its first 50 comments), the ${count(talk.commented.length)} most commented songs, the busiest most (${span(talk.commented)})`,
      target: targets.page,
      ask: () => {
        const songId = popular(talk.commented).songId
        return pick([`/api/songs/${songId}`, firstComments(songId, "newest")])
      },
    },
    {
      name: `notification count, ${talk.notified.length} people signed in with ${count(Math.min(...unread))}-${count(Math.max(...unread))} unread`,
      target: targets.count,
      ask: () => ({ path: "/api/notifications/unread", cookie: pick(talk.notified).cookie }),
    },
    ...[undefined, admins].map((connections) => ({
      name: `moderation queue, first page, ${count(talk.reports.total)} open reports on ${count(talk.reports.items)} items (admin${connections ? `, ${connections} connections` : ""})`,
      target: targets.queue,
      ask: () => ({ path: "/api/admin/reports?limit=50&offset=0", cookie: talk.admin.cookie }),
      connections,
    })),
  ]
}

/** One request of each scenario, checked: a page that answers an error would be measured fast. */
const check = async (base: string, scenario: Scenario) => {
  const asked = scenario.ask()
  const { path, cookie } = typeof asked === "string" ? { path: asked, cookie: undefined } : asked
  const answer = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} })
  const body = await answer.text()
  if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${body.slice(0, 300)}`)
  console.log(`  ${path.split("?")[0]}: ${answer.status}, ${count(body.length)} bytes`)
}

/**
 * The talk's reads over HTTP at `pressure` (or a scenario's own), each the worst of two rounds after a
 * warm-up, against the server's floor at the same pressure (a request that does no work, in the same
 * run): p99 (p50) and requests a second.
 */
export const measureTalk = async (options: {
  readonly base: string
  readonly talk: TalkWorld
  readonly pressure: Pressure
  readonly floor: Measured
}): Promise<ReadonlyArray<Row>> => {
  const { base, pressure, floor } = options
  const rows: Array<Row> = []
  for (const scenario of scenariosOf(options.talk)) {
    await check(base, scenario)
    const pressed = { ...pressure, connections: scenario.connections ?? pressure.connections }
    const measured = await warmedWorst({ ...pressed, base }, scenario.ask, rounds)
    // A lighter pressure is compared with the floor at that pressure, measured now.
    const floorHere = scenario.connections === undefined ? floor : await measureFloor(base, pressed)
    if (measured.failures > 0)
      console.error(`${scenario.name}: ${measured.failures} failed requests`)
    rows.push({
      scenario: `${scenario.name}: p99 (p50), throughput`,
      ours: `${latencies(measured)}, ${throughput(measured)}`,
      baseline: `${latencies(floorHere)}, ${throughput(floorHere)}`,
      ratio: floorHere.p99 / measured.p99,
      target: `< ${scenario.target} ms`,
      pass: measured.p99 < scenario.target && measured.failures === 0,
    })
  }
  return rows
}
