/**
 * npm run bench:credits
 *
 * Debits through the credit accounts (lock, decide, append the event, update the snapshot) against a raw
 * single-row `update ... where credits >= 5`, in the same run, on the same database, with the same pool.
 * Rounds alternate between the two sides so that a busy neighbour slows both alike.
 */
import { Effect, Either, Layer, ManagedRuntime, Redacted } from "effect"
import pg from "pg"
import { Actors } from "#events/contracts/actor.ts"
import {
  EventStoreLive,
  EventWakeups,
  eventStoreMigrations,
  runMigrations,
} from "#events/store/index.ts"
import { pgClientLayer } from "#events/store/pg-client.ts"
import { billingMigrations, CreditAccounts } from "#modules/billing/index.ts"
import { now, percentile, perSecond, printTable, type Row } from "../support/report.ts"
import { scratchDatabase } from "../support/scratch-database.ts"
import { ledgerPageRows } from "./ledger-page.ts"
import { reconciliationRows } from "./reconciliation.ts"

const poolSize = 10
const contenders = 100
const cost = 5

const database = await scratchDatabase("credits")
console.log(
  `Credit debit benchmark on ${database.source}; pool of ${poolSize} connections per side.`,
)

const layer = CreditAccounts.live.pipe(
  Layer.provideMerge(EventStoreLive.pipe(Layer.provideMerge(EventWakeups.live))),
  Layer.provideMerge(
    pgClientLayer({
      url: Redacted.make(database.url),
      maxConnections: poolSize,
      applicationName: "bench",
    }),
  ),
)
const runtime = ManagedRuntime.make(layer)
await runtime.runPromise(
  Effect.gen(function* () {
    yield* runMigrations("event_store", eventStoreMigrations)
    yield* runMigrations("billing", billingMigrations)
  }),
)
const accounts = await runtime.runPromise(CreditAccounts)

const raw = new pg.Pool({ connectionString: database.url, max: poolSize })
await raw.query("create table raw_accounts (user_id text primary key, credits integer not null)")

let generation = 0
const fund = (userId: string, credits: number) =>
  Promise.all([
    runtime.runPromise(
      accounts.execute(
        {
          _tag: "Adjust",
          userId,
          adjustmentId: crypto.randomUUID(),
          amount: credits,
          reason: "bench",
        },
        Actors.system("bench"),
      ),
    ),
    raw.query(
      `insert into raw_accounts values ($1, $2)
       on conflict (user_id) do update set credits = raw_accounts.credits + $2`,
      [userId, credits],
    ),
  ])

/** One debit each way; both answer whether it went through and how long it took. */
const ours = async (userId: string) => {
  const t = now()
  const outcome = await runtime.runPromise(
    Effect.either(
      accounts.execute(
        { _tag: "Debit", userId, generationId: `g${generation++}`, amount: cost },
        Actors.user(userId),
      ),
    ),
  )
  return { ok: Either.isRight(outcome), ms: now() - t }
}
const baseline = async (userId: string) => {
  const t = now()
  const result = await raw.query(
    "update raw_accounts set credits = credits - $2 where user_id = $1 and credits >= $2",
    [userId, cost],
  )
  return { ok: result.rowCount === 1, ms: now() - t }
}

/** `contenders` debits on one account at once, funded for `affordable` of them. */
const burst = async (debit: typeof ours, userId: string) =>
  Promise.all(Array.from({ length: contenders }, () => debit(userId)))

const rows: Array<Row> = []

// Warm both sides: connections, plans, JIT.
for (let i = 0; i < 3; i++) {
  const userId = `warm-${i}`
  await fund(userId, contenders * cost)
  await burst(ours, userId)
  await burst(baseline, userId)
}

{
  const rounds = 20
  const affordable = contenders / 2
  const latency = { ours: [] as Array<number>, baseline: [] as Array<number> }
  let doubleSpends = 0
  let oursMs = 0
  let baselineMs = 0
  for (let round = 0; round < rounds; round++) {
    const userId = `contended-${round}`
    await fund(userId, affordable * cost)
    let t = now()
    const b = await burst(baseline, userId)
    baselineMs += now() - t
    t = now()
    const o = await burst(ours, userId)
    oursMs += now() - t
    latency.baseline.push(...b.map((r) => r.ms))
    latency.ours.push(...o.map((r) => r.ms))
    const succeeded = o.filter((r) => r.ok).length
    const balance = (await runtime.runPromise(accounts.load(userId))).balance
    if (succeeded !== affordable || balance !== 0) doubleSpends++
  }
  const p99 = percentile(latency.ours, 99)
  const baselineP99 = percentile(latency.baseline, 99)
  rows.push({
    scenario: `p99 debit, ${contenders} at once on one account (${rounds} rounds)`,
    ours: `${p99.toFixed(1)} ms`,
    baseline: `${baselineP99.toFixed(1)} ms`,
    ratio: baselineP99 / p99,
    target: "< 50 ms",
    pass: p99 < 50,
  })
  rows.push({
    scenario: "same bursts, debits per second",
    ours: perSecond(rounds * contenders, oursMs, "debits"),
    baseline: perSecond(rounds * contenders, baselineMs, "updates"),
    ratio: baselineMs / oursMs,
    target: "-",
    pass: undefined,
  })
  rows.push({
    scenario: `rounds with a wrong count or balance (half of each burst affordable)`,
    ours: String(doubleSpends),
    baseline: "-",
    ratio: undefined,
    target: "0",
    pass: doubleSpends === 0,
  })
}

{
  const accountCount = 1000
  const debits = 10_000
  const ids = Array.from({ length: accountCount }, (_, i) => `spread-${i}`)
  for (const id of ids) await fund(id, 1000)
  const spread = async (debit: typeof ours) => {
    let next = 0
    const t = now()
    await Promise.all(
      Array.from({ length: poolSize * 2 }, async () => {
        while (next < debits) await debit(ids[next++ % accountCount]!)
      }),
    )
    return now() - t
  }
  const baselineMs = await spread(baseline)
  const oursMs = await spread(ours)
  rows.push({
    scenario: `${debits.toLocaleString("en-US")} debits across ${accountCount} accounts`,
    ours: perSecond(debits, oursMs, "debits"),
    baseline: perSecond(debits, baselineMs, "updates"),
    ratio: baselineMs / oursMs,
    target: "-",
    pass: undefined,
  })
}

// The ledger's reads before reconciliation's 100,000 events: PostgreSQL's autovacuum of those would run
// beside them.
const ledgerRows = await ledgerPageRows(database.url)
rows.push(...(await reconciliationRows(database.url)))

printTable("Credit debits: the ledger against a raw single-row update", rows)
await raw.end()
await runtime.dispose()
printTable("Finance's reads: the ledger view against the bare query", ledgerRows)
await database.drop()
