import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { freePort } from "#events/test-postgres.ts"
import { scratchDatabase } from "../support/scratch-database.ts"
import { startServer, stop } from "../support/server.ts"

/**
 * The real server on a scratch database, as the community's benchmarks run it, with a pool of
 * `connections` on the same database for seeding and bare queries. Registrations come from one address
 * here, more than one address makes in use; plays come through a proxy on this machine that names each
 * visitor's address. `close` stops the server and drops the database.
 */
export const openScratchServer = async (label: string, connections: number) => {
  const database = await scratchDatabase(label)
  const port = await freePort()
  const dataDir = await mkdtemp(join(tmpdir(), `melody-bench-${label}-`))
  const base = `http://127.0.0.1:${port}`
  const server = await startServer({
    databaseUrl: database.url,
    port,
    dataDir,
    env: { REGISTRATIONS_PER_ADDRESS: "1000", TRUST_PROXY: "127.0.0.1" },
  })
  const db = new pg.Pool({ connectionString: database.url, max: connections })
  return {
    base,
    db,
    databaseUrl: database.url,
    source: database.source,
    close: async () => {
      await db.end()
      await stop(server)
      await database.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
