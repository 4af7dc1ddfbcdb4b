import type pg from "pg"
import type { Row } from "../support/report.ts"
import { type Arrived, arrive } from "./arrivals.ts"
import { type Asked, type Measured, type Pressure, warmedWorst } from "./measure.ts"
import { popular, type World } from "./world.ts"

const targetP99 = 25
const targetPlayP99 = 5
const rounds = 2
/** The arrivals of the busy hour: a play every millisecond, a like every ten (BENCH_PLAYS to try another). */
const busy = { plays: Number(process.env.BENCH_PLAYS ?? 1000), likes: 100 }
/** The rates plays alone are measured at, up to the busy hour's: where this server stops keeping up. */
const playRates = [100, 250, 500, 1000]

const pick = <A>(items: ReadonlyArray<A>) => items[Math.floor(Math.random() * items.length)]!
/**
 * What people search for: a line they remember of a song's lyrics, two words of a title, or the first
 * three letters of a word, as typed so far. Drawn from the seeded songs.
 */
const searchQuestions = async (db: pg.Pool) => {
  const { rows } = await db.query<{ title: string; lyrics: string }>(
    "select title, lyrics from search_songs tablesample system (1) limit 300",
  )
  return rows.flatMap(({ title, lyrics }) => {
    const lines = lyrics.split("\n").filter((line) => !line.startsWith("["))
    const word = pick(title.split(" "))
    return [pick(lines), title, word.slice(0, 3)]
  })
}

/** A scenario: the requests one page makes, asked by `connections` people at once. */
interface Scenario {
  readonly name: string
  readonly ask: () => string | Asked
}

const scenariosOf = (world: World, questions: ReadonlyArray<string>): ReadonlyArray<Scenario> => [
  {
    // A creator's page asks for the creator, their songs and their playlists.
    name: "creator page",
    ask: () => {
      const username = popular(world.usernames)
      return pick([
        `/api/creators/${username}`,
        `/api/creators/${username}/songs`,
        `/api/creators/${username}/playlists`,
      ])
    },
  },
  { name: "playlist page", ask: () => `/api/playlists/${pick(world.playlistIds)}` },
  {
    name: "Following tab",
    ask: () => ({
      path: `/api/following/songs?limit=20&offset=${20 * Math.floor(Math.random() ** 2 * 5)}`,
      cookie: pick(world.listeners).cookie,
    }),
  },
  {
    name: "Trending tab",
    ask: () => `/api/songs/trending?limit=20&offset=${20 * Math.floor(Math.random() ** 2 * 50)}`,
  },
  { name: "search", ask: () => `/api/search?q=${encodeURIComponent(pick(questions))}` },
]

const ms = (n: number) => `${n.toFixed(1)} ms`

/**
 * The community's reads quiet, plays alone at rising rates, then the reads while the busy hour's plays and
 * likes arrive; against the server's floor (`floor`: a request that does no work, in the same run).
 */
export const measureCommunity = async (options: {
  readonly db: pg.Pool
  readonly base: string
  readonly world: World
  readonly pressure: Pressure
  readonly floor: Measured
}): Promise<ReadonlyArray<Row>> => {
  const { base, world, pressure, floor } = options
  const questions = await searchQuestions(options.db)
  const rows: Array<Row> = []
  const during: Array<Arrived> = []
  const measure = (scenario: Scenario) => warmedWorst({ ...pressure, base }, scenario.ask, rounds)
  const readRow = (name: string, measured: Measured): Row => {
    if (measured.failures > 0) console.error(`${name}: ${measured.failures} failed requests`)
    return {
      scenario: `${name}: p99 (p50)`,
      ours: `${ms(measured.p99)} (${ms(measured.p50)})`,
      baseline: ms(floor.p99),
      ratio: floor.p99 / measured.p99,
      target: `< ${targetP99} ms`,
      pass: measured.p99 < targetP99 && measured.failures === 0,
    }
  }
  const scenarios = scenariosOf(world, questions)
  // Quiet first, then plays alone, then the busy hour: a server that falls behind the busy hour's plays
  // is still catching up for a while after it, which would weigh on whatever came next.
  for (const scenario of scenarios) rows.push(readRow(scenario.name, await measure(scenario)))
  const arrivalRow = (name: string, sent: Arrived["plays"], target?: number): Row => ({
    scenario: `${name}: p99 (p50), ${Math.round(sent.perSecond).toLocaleString("en-US")}/s`,
    ours: `${ms(sent.p99)} (${ms(sent.p50)})`,
    baseline: ms(floor.p99),
    ratio: floor.p99 / sent.p99,
    target: target === undefined ? "" : `< ${target} ms`,
    pass: target === undefined ? undefined : sent.p99 < target && sent.failures === 0,
  })
  const alone: Array<Arrived> = []
  for (const plays of playRates) {
    const stop = arrive(base, world, { plays, likes: busy.likes })
    await new Promise((resolve) => setTimeout(resolve, pressure.seconds * 1000))
    const arrived = await stop()
    alone.push(arrived)
    rows.push(
      arrivalRow(
        `play recorded, ${plays.toLocaleString("en-US")} a second with ${busy.likes} likes`,
        arrived.plays,
        plays === busy.plays ? targetPlayP99 : undefined,
      ),
    )
  }
  const busyName = `${busy.plays.toLocaleString("en-US")} plays and ${busy.likes} likes a second`
  for (const scenario of scenarios) {
    const stop = arrive(base, world, busy)
    const measured = await measure(scenario)
    during.push(await stop())
    rows.push(readRow(`${scenario.name}, ${busyName}`, measured))
  }
  const worstOf = (sent: ReadonlyArray<Arrived["plays"]>) =>
    sent.reduce((a, b) => (b.p99 > a.p99 ? b : a))
  rows.push(
    arrivalRow("like recorded, beside those plays (worst)", worstOf(alone.map((a) => a.likes))),
    arrivalRow("play recorded, under the reads above (worst)", worstOf(during.map((d) => d.plays))),
  )
  for (const sent of [...alone, ...during].flatMap((d) => [d.plays, d.likes])) {
    if (sent.failures > 0) console.error(`${sent.failures} plays or likes failed`)
  }
  return rows
}
