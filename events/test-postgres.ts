import { existsSync } from "node:fs"
import { rm } from "node:fs/promises"
import { createServer } from "node:net"
import pg from "pg"
import { startEmbeddedPostgres } from "./store/embedded-postgres.ts"

/**
 * The PostgreSQL server a test run uses, as an admin URL from which every test file creates its own
 * database: DATABASE_URL when set; else a container when a Docker engine answers; else embedded PostgreSQL.
 */
export interface TestPostgres {
  readonly adminUrl: string
  readonly source: "DATABASE_URL" | "testcontainers" | "embedded"
  readonly stop: () => Promise<void>
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })

const dockerEngineLikely = () =>
  process.env.DOCKER_HOST !== undefined || existsSync("/var/run/docker.sock")

const fromContainer = async (): Promise<TestPostgres | undefined> => {
  if (!dockerEngineLikely()) return undefined
  try {
    const { PostgreSqlContainer } = await import("@testcontainers/postgresql")
    const container = await new PostgreSqlContainer("postgres:16-alpine").start()
    return {
      adminUrl: container.getConnectionUri(),
      source: "testcontainers",
      stop: async () => {
        await container.stop()
      },
    }
  } catch {
    return undefined
  }
}

const embedded = async (): Promise<TestPostgres> => {
  const dataDir = `/tmp/melody-test-postgres-${process.pid}-${Date.now()}`
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort() })
  return {
    adminUrl: server.adminUrl,
    source: "embedded",
    stop: async () => {
      await server.stop()
      await rm(dataDir, { recursive: true, force: true })
      await rm(`${dataDir}.password`, { force: true })
    },
  }
}

/**
 * Drops databases a killed run left behind: `<prefix>_<base-36 timestamp>...` older than an hour. Runs at
 * the start of a run, so a shared server (CI's, a developer's) does not fill up with them.
 */
export const dropStaleDatabases = async (adminUrl: string, prefix: string) => {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${prefix}\\_%`],
    )
    for (const { datname } of rows) {
      const stamp = Number.parseInt(datname.slice(prefix.length + 1).split("_")[0] ?? "", 36)
      if (Number.isFinite(stamp) && Date.now() - stamp > 3_600_000) {
        await client
          .query(`drop database if exists ${client.escapeIdentifier(datname)} with (force)`)
          .catch(() => undefined)
      }
    }
  } finally {
    await client.end()
  }
}

export const startTestPostgres = async (): Promise<TestPostgres> => {
  const url = process.env.DATABASE_URL
  if (url) {
    await dropStaleDatabases(url, "melody_test")
    return { adminUrl: url, source: "DATABASE_URL", stop: async () => undefined }
  }
  return (await fromContainer()) ?? (await embedded())
}
