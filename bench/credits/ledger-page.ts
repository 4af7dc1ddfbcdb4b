/**
 * The per-person ledger as finance reads it: one person with 10,000 credit movements, any page of their
 * ledger (running balance, cause, actor, payment, and the totals of all of it) asked over HTTP by 20
 * admins at once, against the bare queries of the same rows on the same database with as many connections.
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Layer, ManagedRuntime, Redacted } from "effect"
import pg from "pg"
import { Actors } from "#events/contracts/actor.ts"
import { EventStoreLive, EventWakeups } from "#events/store/index.ts"
import { pgClientLayer } from "#events/store/pg-client.ts"
import { freePort } from "#events/test-postgres.ts"
import { CreditAccounts, ledgerPageSize as pageSize } from "#modules/billing/index.ts"
import { register, registerAdmin } from "../support/accounts.ts"
import { now, type Row } from "../support/report.ts"
import { startServer, stop } from "../support/server.ts"
import { load, timed } from "../timeline/measure.ts"

const entries = 10_000
const connections = 20
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const targetP99 = 100

/** 10,000 movements on one account through the credit accounts, as support's adjustments make them. */
const seed = async (databaseUrl: string, userId: string) => {
  const runtime = ManagedRuntime.make(
    CreditAccounts.live.pipe(
      Layer.provideMerge(EventStoreLive.pipe(Layer.provideMerge(EventWakeups.live))),
      Layer.provideMerge(
        pgClientLayer({
          url: Redacted.make(databaseUrl),
          maxConnections: 4,
          applicationName: "bench",
        }),
      ),
    ),
  )
  const accounts = await runtime.runPromise(CreditAccounts)
  // Commands on one account that arrive together are decided and appended together (group commit).
  const atOnce = 200
  for (let first = 0; first < entries; first += atOnce) {
    await Promise.all(
      Array.from({ length: atOnce }, (_, i) =>
        runtime.runPromise(
          accounts.execute(
            {
              _tag: "Adjust",
              userId,
              adjustmentId: `ledger-page-${first + i}`,
              amount: (first + i) % 3 === 2 ? -1 : 2,
              reason: "bench",
            },
            Actors.system("bench"),
          ),
        ),
      ),
    )
  }
  await runtime.dispose()
}

/** Until the server's ledger projection has read every movement. */
const caughtUp = async (read: () => Promise<number>) => {
  for (let attempt = 0; attempt < 600; attempt++) {
    if ((await read()) >= entries) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error("the credit ledger did not catch up")
}

/** Any of the pages, as finance pages through a long ledger. */
const anyOffset = () => pageSize * Math.floor(Math.random() * (entries / pageSize))

/** The page and the totals the answer carries, as two bare statements on the same index. */
const barePage = `
  select global_position as position, recorded_at, type, amount, balance_after, cause, cause_id, actor,
         detail, ticket, requested_by, approved_by
    from credit_ledger where user_id = $1 and entry_number > $2 order by entry_number limit ${pageSize}`
const bareTotals = `
  select entry_number as total, summed, balance_after as running
    from credit_ledger where user_id = $1 order by entry_number desc limit 1`

export const ledgerPageRows = async (databaseUrl: string): Promise<ReadonlyArray<Row>> => {
  const port = await freePort()
  const dataDir = await mkdtemp(join(tmpdir(), "melody-bench-ledger-"))
  const base = `http://127.0.0.1:${port}`
  const server = await startServer({ databaseUrl, port, dataDir })
  const db = new pg.Pool({ connectionString: databaseUrl, max: connections })
  try {
    const { userId: person } = await register(base, "bench_person")
    const { cookie } = await registerAdmin(base, databaseUrl, "bench_finance")
    const t = now()
    await seed(databaseUrl, person)
    const path = `/api/admin/ledger/${person}`
    await caughtUp(async () => {
      const answer = await fetch(`${base}${path}`, { headers: { cookie } })
      // The person's account is known to the ledger once the projections have read the sign-up.
      if (answer.status === 404) return 0
      if (!answer.ok)
        throw new Error(`the ledger answered ${answer.status}: ${await answer.text()}`)
      return ((await answer.json()) as { total: number }).total
    })
    console.log(
      `Seeded ${entries.toLocaleString("en-US")} ledger entries in ${((now() - t) / 1000).toFixed(1)} s.`,
    )
    await db.query("vacuum analyze credit_ledger")

    const ours = await load(
      { connections, seconds, base, cookie },
      () => `${path}?offset=${anyOffset()}`,
    )
    const bare = await timed({ connections, seconds }, async () => {
      const [page, totals] = await Promise.all([
        db.query(barePage, [person, anyOffset()]),
        db.query(bareTotals, [person]),
      ])
      return JSON.stringify({ entries: page.rows, ...totals.rows[0] })
    })
    return [
      {
        scenario: `p99 any page of a ${entries.toLocaleString("en-US")}-entry ledger, ${connections} connections (HTTP, JSON, admin session) vs the bare queries`,
        ours: `${ours.p99.toFixed(1)} ms (${ours.failures} failed)`,
        baseline: `${bare.p99.toFixed(1)} ms`,
        ratio: bare.p99 / ours.p99,
        target: `< ${targetP99} ms`,
        pass: ours.p99 < targetP99 && ours.failures === 0,
      },
    ]
  } finally {
    await db.end()
    await stop(server)
    await rm(dataDir, { recursive: true, force: true })
  }
}
