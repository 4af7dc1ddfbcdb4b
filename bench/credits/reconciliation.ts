import v8 from "node:v8"
import vm from "node:vm"
import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import pg from "pg"
import { v7 as uuidv7 } from "uuid"
import { Actors } from "#events/contracts/actor.ts"
import { CreditAccountEvent, CreditsPurchased } from "#events/contracts/billing.ts"
import {
  EventStore,
  EventStoreLive,
  EventWakeups,
  eventStoreMigrations,
  runMigrations,
  SubscriptionLeases,
  toNewEvent,
} from "#events/store/index.ts"
import { pgClientLayer } from "#events/store/pg-client.ts"
import { billingMigrations, Reconciliations, RecordedMoney } from "#modules/billing/index.ts"
import { ledgerMoney } from "#projections/credit-ledger/money.ts"
import { LedgerMoneyReads } from "#projections/credit-ledger/money-reads.ts"
import { bringUpToDate, prepareProjections, projectionMigrations } from "#projections/runner.ts"
import { ErrorReports } from "#toolkit/error-reports.ts"
import { now, type Row } from "../support/report.ts"
import { reconcileCommand } from "./reconcile-command.ts"

const charges = 100_000
const perStream = 1000
const encode = toNewEvent(CreditAccountEvent)
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

/** Runs `work` while sampling the process's memory: the peaks of its resident size and of its heap. */
const withPeaks = async <A>(work: () => Promise<A>) => {
  let [peak, heap] = [process.memoryUsage().rss, process.memoryUsage().heapUsed]
  const sample = () => {
    const used = process.memoryUsage()
    peak = Math.max(peak, used.rss)
    heap = Math.max(heap, used.heapUsed)
  }
  const timer = setInterval(sample, 10)
  try {
    const result = await work()
    sample()
    return { result, peak, heap }
  } finally {
    clearInterval(timer)
  }
}

const purchases = (stream: number) => {
  const userId = `payer-${stream}`
  const metadata = { actor: Actors.system("bench"), correlationId: uuidv7() }
  return {
    streamId: `credit-account-${userId}`,
    events: Array.from({ length: perStream }, (_, i) =>
      encode(
        new CreditsPurchased({
          userId,
          pack: "pro",
          amount: 150,
          balanceAfter: 150 * (i + 1),
          checkoutSessionId: `cs_bench_${stream * perStream + i}`,
          amountCents: 1329,
          currency: "EUR",
        }),
        metadata,
        uuidv7(),
      ),
    ),
  }
}

/** The whole comparison in one statement: what a reconciliation without paging or a report costs. */
const bareJoin = `
  select count(*) filter (where l.reference is null) as missing_in_ledger,
         count(*) filter (where t.id is null) as missing_at_provider,
         count(*) filter (where l.amount_cents <> t.amount_cents) as amount_differs
    from (select * from billing.test_mode_records
           where object = 'charge' and created_at >= $1 and created_at < $2) t
    full join (select * from ledger_money
           where object = 'charge' and recorded_at >= $1 and recorded_at < $2) l
      on l.reference = t.payment_id`

/**
 * 100,000 test-mode charges of today against the ledger's 100,000 purchases, both sides read a page at a
 * time, against one bare SQL full join of the same rows (which keeps nothing in this process).
 */
export const reconciliationRows = async (databaseUrl: string): Promise<Array<Row>> => {
  const quiet = Layer.succeed(ErrorReports, {
    record: () => Effect.void,
    recordFromCaller: () => Effect.void,
  })
  const layer = Reconciliations.live.pipe(
    Layer.provideMerge(Layer.effect(RecordedMoney, LedgerMoneyReads)),
    Layer.provideMerge(LedgerMoneyReads.live),
    Layer.provideMerge(quiet),
    Layer.provideMerge(SubscriptionLeases.live),
    Layer.provideMerge(EventStoreLive.pipe(Layer.provideMerge(EventWakeups.live))),
    Layer.provideMerge(
      pgClientLayer({
        url: Redacted.make(databaseUrl),
        maxConnections: 4,
        applicationName: "bench",
      }),
    ),
  )
  const runtime = ManagedRuntime.make(layer)
  const raw = new pg.Pool({ connectionString: databaseUrl, max: 2 })
  const today = new Date().toISOString().slice(0, 10)
  const from = new Date(`${today}T00:00:00Z`)
  const until = new Date(from.getTime() + 86_400_000)

  const seeding = now()
  await runtime.runPromise(
    Effect.gen(function* () {
      yield* runMigrations("event_store", eventStoreMigrations)
      yield* runMigrations("billing", billingMigrations)
      yield* runMigrations("projections", projectionMigrations)
      yield* prepareProjections([ledgerMoney])
      const store = yield* EventStore
      for (let s = 0; s < charges / perStream; s++) {
        const { streamId, events } = purchases(s)
        yield* store.append(streamId, "no_stream", events)
      }
      const appended = now()
      yield* bringUpToDate(ledgerMoney)
      console.log(
        `Reconciliation: ${charges.toLocaleString("en-US")} purchases appended in ${((appended - seeding) / 1000).toFixed(1)} s, in the ledger's money ${((now() - appended) / 1000).toFixed(1)} s later.`,
      )
    }),
  )
  await raw.query(
    `insert into billing.test_mode_records (object, id, payment_id, amount_cents, currency)
     select 'charge', 'cs_bench_' || i, 'cs_bench_' || i, 1329, 'EUR' from generate_series(0, $1 - 1) i`,
    [charges],
  )
  await raw.query("analyze billing.test_mode_records; analyze ledger_money")

  let t = now()
  const bare = await raw.query(bareJoin, [from, until])
  const baselineMs = now() - t
  // What seeding left behind is collected first: the growth measured is the reconciliation's own.
  v8.setFlagsFromString("--expose-gc")
  ;(vm.runInNewContext("gc") as () => void)()
  const { rss: startRss, heapUsed: startHeap } = process.memoryUsage()
  t = now()
  const {
    result: report,
    peak,
    heap,
  } = await withPeaks(() =>
    runtime.runPromise(Effect.flatMap(Reconciliations, (r) => r.between(today, today, new Date()))),
  )
  const oursMs = now() - t
  const differences =
    Number(bare.rows[0].missing_in_ledger) + Number(bare.rows[0].missing_at_provider)
  const agree = report.matched === charges && report.differenceCount === 0 && differences === 0

  await raw.end()
  await runtime.dispose()
  // The command on a day with nothing to match is the process's own start: its floor.
  const empty = await reconcileCommand(databaseUrl, "2000-01-01", "2000-01-01")
  const command = await reconcileCommand(databaseUrl, today, today)
  const commandAgrees = command.said.includes(`${charges} matched, no difference`)
  return [
    {
      scenario: `reconcile ${charges.toLocaleString("en-US")} charges with the ledger (${report.matched.toLocaleString("en-US")} matched, ${report.differenceCount} differences)`,
      ours: `${(oursMs / 1000).toFixed(1)} s`,
      baseline: `${(baselineMs / 1000).toFixed(1)} s (one SQL join)`,
      ratio: baselineMs / oursMs,
      target: "< 30 s",
      pass: agree && oursMs < 30_000,
    },
    {
      scenario:
        "same reconciliation, its memory: peak growth of the heap, and of the resident size",
      ours: `heap +${mb(heap - startHeap)}, resident +${mb(Math.max(0, peak - startRss))} (peak ${mb(peak)})`,
      baseline: "-",
      ratio: undefined,
      target: "< 300 MB",
      pass: Math.max(heap - startHeap, peak - startRss) < 300 * 1024 * 1024,
    },
    {
      scenario:
        "the same by `npm run cli -- reconcile` in its own process: whole time, peak resident size and its growth over an empty day",
      ours: `${command.seconds.toFixed(1)} s, peak ${mb(command.peakBytes)} (+${mb(Math.max(0, command.peakBytes - empty.peakBytes))})`,
      baseline: `${empty.seconds.toFixed(1)} s, peak ${mb(empty.peakBytes)}`,
      ratio: empty.seconds / command.seconds,
      target: "< 30 s, +< 300 MB",
      pass:
        commandAgrees &&
        command.seconds < 30 &&
        command.peakBytes - empty.peakBytes < 300 * 1024 * 1024,
    },
  ]
}
