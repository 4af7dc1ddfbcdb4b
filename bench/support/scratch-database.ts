import { rm } from "node:fs/promises"
import { dropDatabase, ensureDatabase } from "#events/store/databases.ts"
import { startEmbeddedPostgres } from "#events/store/embedded-postgres.ts"
import { freePort } from "#events/test-postgres.ts"

export interface ScratchDatabase {
  readonly url: string
  readonly source: string
  readonly drop: () => Promise<void>
}

/**
 * A throw-away database for one benchmark run: on DATABASE_URL's server when set (so the numbers are the
 * production PostgreSQL's; kept after the run with BENCH_KEEP_DATABASE), otherwise on an embedded
 * PostgreSQL started for the run.
 */
export const scratchDatabase = async (label: string): Promise<ScratchDatabase> => {
  const name = `melody_bench_${label}_${Date.now().toString(36)}`
  const adminUrl = process.env.DATABASE_URL
  if (adminUrl) {
    const url = await ensureDatabase(adminUrl, name)
    // BENCH_KEEP_DATABASE keeps it, to look at the seeded world's plans (EXPLAIN ANALYZE) after the run.
    const drop = process.env.BENCH_KEEP_DATABASE
      ? async () => console.log(`Kept the database ${name}.`)
      : () => dropDatabase(adminUrl, name)
    return { url, source: "DATABASE_URL", drop }
  }
  const dataDir = `/tmp/melody-bench-postgres-${process.pid}`
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort() })
  const url = await ensureDatabase(server.adminUrl, name)
  return {
    url,
    source: "embedded PostgreSQL",
    drop: async () => {
      await server.stop()
      await rm(dataDir, { recursive: true, force: true })
      await rm(`${dataDir}.password`, { force: true })
    },
  }
}
