import type pg from "pg"

/** How long the projections may take to read what was seeded before the run gives up. */
const patienceMs = 60 * 60 * 1000

/**
 * Waits until every subscription (projections and reactions alike) has processed the last event now in
 * the store, and says every half minute which are still behind and by how much. A paused one (an event it
 * could not process) stops the wait with its error: the reads would be measured on a hole.
 */
export const caughtUp = async (db: pg.Pool) => {
  const {
    rows: [last],
  } = await db.query<{ transaction: string; position: string }>(
    `select transaction_id::text as transaction, global_position::text as position from events
      order by transaction_id desc, global_position desc limit 1`,
  )
  if (last === undefined) return
  const started = performance.now()
  let told = started
  const behindSql = `
    select s.name, s.status, s.last_error as error,
           (select count(*) from events e
             where (e.transaction_id, e.global_position) > (s.transaction_id, s.global_position)) as behind
      from subscriptions s where s.name = any($1::text[])`
  while (true) {
    const { rows } = await db.query<{ name: string; status: string }>(
      `select name, status from subscriptions
        where (transaction_id, global_position) < ($1::xid8, $2::bigint)`,
      [last.transaction, last.position],
    )
    if (rows.length === 0) return
    const waited = performance.now() - started
    const paused = rows.some((row) => row.status === "paused")
    if (paused || waited > patienceMs || performance.now() - told > 30_000) {
      told = performance.now()
      const { rows: lagging } = await db.query<{
        name: string
        status: string
        error: string | null
        behind: number
      }>(behindSql, [rows.map((row) => row.name)])
      const stopped = lagging.find((row) => row.status === "paused")
      if (stopped) throw new Error(`subscription ${stopped.name} paused: ${stopped.error}`)
      const behind = lagging.map(
        (row) => `${row.name} ${Number(row.behind).toLocaleString("en-US")}`,
      )
      if (waited > patienceMs) throw new Error(`still behind after ${waited / 1000} s: ${behind}`)
      console.log(`    still reading: ${behind.join(", ")}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}
