import { execFile } from "node:child_process"
import { join } from "node:path"
import { Effect } from "effect"
import { inject } from "vitest"
import { PgPool } from "#events/store/pg-client.ts"

/** Runs the command line against the database at `databaseUrl`, as an operator would. */
export const cliOn = (databaseUrl: string, ...args: ReadonlyArray<string>) =>
  Effect.async<{ code: number; stdout: string; stderr: string }>((resume) => {
    execFile(
      process.execPath,
      [join(inject("serverBundle"), "cli.js"), ...args],
      { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "error" }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resume(Effect.succeed({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })),
    )
  })

/**
 * Runs the command line against the test's database, as an operator would: the run's bundle
 * (server-bundle-setup.ts), with its exit code and what it printed.
 */
export const cli = (...args: ReadonlyArray<string>) =>
  Effect.flatMap(PgPool, (pool) => cliOn(pool.options.connectionString!, ...args))
