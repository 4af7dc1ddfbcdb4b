import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { CreditsDebited, CreditsRefunded } from "#events/contracts/billing.ts"
import {
  SongGenerationFailed,
  SongGenerationRequested,
  SongGenerationSucceeded,
} from "#events/contracts/media.ts"
import { decodeAll } from "#events/store/index.ts"
import { insertRows } from "./insert-rows.ts"
import type { Projection } from "./runner.ts"

/**
 * Running totals operators chart: generations by maker and outcome, and credits debited and refunded. Kept
 * as counters, so a scrape reads a handful of rows however many generations there have been.
 */

const TotalledEvent = Schema.Union(
  SongGenerationRequested,
  SongGenerationSucceeded,
  SongGenerationFailed,
  CreditsDebited,
  CreditsRefunded,
)
const totalledTypes: ReadonlyArray<string> = TotalledEvent.members.map((m) => m._tag)
const decode = decodeAll(TotalledEvent)

const outcomes = {
  SongGenerationRequested: "requested",
  SongGenerationSucceeded: "succeeded",
  SongGenerationFailed: "failed",
} as const

const add = <K>(totals: Map<K, number>, key: K, amount: number) =>
  totals.set(key, (totals.get(key) ?? 0) + amount)

export const operatingTotals: Projection = {
  name: "operating-totals",
  revision: 1,
  tables: ["generation_makers", "generation_totals", "credit_totals"],
  types: totalledTypes,
  onPoison: "skip",
  setup: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      create table if not exists generation_makers (generation_id text primary key, maker text not null)`
    yield* sql`
      create table if not exists generation_totals (
        maker text not null,
        outcome text not null,
        generations bigint not null,
        primary key (maker, outcome)
      )`
    yield* sql`
      create table if not exists credit_totals (
        movement text primary key,
        credits bigint not null,
        entries bigint not null
      )`
  }),
  apply: (events) =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const decoded = yield* decode(events.filter((e) => totalledTypes.includes(e.type)))
      const requested = new Map<string, string>()
      for (const { event } of decoded) {
        if (event._tag === "SongGenerationRequested") requested.set(event.generationId, event.maker)
      }
      const ended = decoded
        .map(({ event }) => event)
        .filter((e) => e._tag === "SongGenerationSucceeded" || e._tag === "SongGenerationFailed")
        .map((e) => e.generationId)
        .filter((id) => !requested.has(id))
      const known =
        ended.length === 0
          ? []
          : yield* sql<{ generation_id: string; maker: string }>`
              select generation_id, maker from generation_makers where generation_id in ${sql.in(ended)}`
      const makerOf = new Map([
        ...known.map((r) => [r.generation_id, r.maker] as const),
        ...requested,
      ])
      const generations = new Map<string, number>()
      const credits = new Map<string, { credits: number; entries: number }>()
      for (const { event } of decoded) {
        if (event._tag === "CreditsDebited" || event._tag === "CreditsRefunded") {
          const movement = event._tag === "CreditsDebited" ? "debited" : "refunded"
          const total = credits.get(movement) ?? { credits: 0, entries: 0 }
          credits.set(movement, {
            credits: total.credits + event.amount,
            entries: total.entries + 1,
          })
        } else {
          const maker = makerOf.get(event.generationId) ?? "unknown"
          add(generations, `${maker}\u0000${outcomes[event._tag]}`, 1)
        }
      }
      yield* insertRows(
        "generation_makers",
        [
          ["generation_id", "text", ([id]) => id],
          ["maker", "text", ([, maker]) => maker],
        ],
        [...requested],
        "on conflict (generation_id) do nothing",
      )
      yield* insertRows(
        "generation_totals",
        [
          ["maker", "text", ([key]) => key.split("\u0000")[0]],
          ["outcome", "text", ([key]) => key.split("\u0000")[1]],
          ["generations", "bigint", ([, count]) => count],
        ],
        [...generations],
        `on conflict (maker, outcome) do update
           set generations = generation_totals.generations + excluded.generations`,
      )
      yield* insertRows(
        "credit_totals",
        [
          ["movement", "text", ([movement]) => movement],
          ["credits", "bigint", ([, total]) => total.credits],
          ["entries", "bigint", ([, total]) => total.entries],
        ],
        [...credits],
        `on conflict (movement) do update set
           credits = credit_totals.credits + excluded.credits,
           entries = credit_totals.entries + excluded.entries`,
      )
    }),
}

export interface OperatingTotals {
  readonly generations: ReadonlyArray<{ maker: string; outcome: string; generations: number }>
  readonly credits: ReadonlyArray<{ movement: string; credits: number; entries: number }>
}

export const readOperatingTotals = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const generations = yield* sql<{ maker: string; outcome: string; generations: string }>`
    select maker, outcome, generations from generation_totals order by maker, outcome`
  const credits = yield* sql<{ movement: string; credits: string; entries: string }>`
    select movement, credits, entries from credit_totals order by movement`
  return {
    generations: generations.map((r) => ({ ...r, generations: Number(r.generations) })),
    credits: credits.map((r) => ({
      movement: r.movement,
      credits: Number(r.credits),
      entries: Number(r.entries),
    })),
  } satisfies OperatingTotals
}).pipe(Effect.orDie)
