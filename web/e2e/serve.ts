/**
 * Starts the real server for browser tests on a database of its own: a fresh database on DATABASE_URL's
 * server when set, otherwise a throw-away embedded PostgreSQL. Playwright stops it when the run ends.
 */
import { rm, writeFile } from "node:fs/promises"
import { ensureDatabase } from "#events/store/databases.ts"
import { dropStaleDatabases, freePort } from "#events/test-postgres.ts"

const dataDir = `/tmp/melody-e2e-${process.pid}`

if (process.env.DATABASE_URL) {
  await dropStaleDatabases(process.env.DATABASE_URL, "melody_e2e")
  const name = `melody_e2e_${Date.now().toString(36)}`
  process.env.DATABASE_URL = await ensureDatabase(process.env.DATABASE_URL, name)
} else {
  process.env.EMBEDDED_POSTGRES_PORT = String(await freePort())
}
process.env.DATA_DIR = dataDir
// Where the journeys find this server's database and media, to put songs in as media would.
if (process.env.E2E_STATE) {
  await writeFile(
    process.env.E2E_STATE,
    JSON.stringify({
      databaseUrl: process.env.DATABASE_URL,
      embeddedPort: process.env.EMBEDDED_POSTGRES_PORT,
      dataDir,
    }),
  )
}
process.on("exit", () => {
  void rm(dataDir, { recursive: true, force: true })
})

await import("#app/main.ts")
