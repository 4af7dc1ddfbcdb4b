import { mkdir, readdir, stat } from "node:fs/promises"
import { join } from "node:path"
import { Args, Command } from "@effect/cli"
import { Console, Duration, Effect } from "effect"
import { PgPool } from "#events/store/pg-client.ts"
import { portableFinish } from "#events/store/portable-history.ts"
import { rebuildProjection } from "#projections/runner.ts"
import { unlockRestoredJobs } from "#toolkit/jobs.ts"
import { dumpDatabase } from "./backup/database-dump.ts"
import { RestoreRefused, restoreDatabase } from "./backup/database-restore.ts"
import { readManifest, writeManifest } from "./backup/manifest.ts"
import { mediaManifest, missingFiles } from "./backup/media-manifest.ts"
import { projections } from "./projections.ts"

type Refuse = (message: string) => Effect.Effect<never, unknown>

const folderArg = (description: string) =>
  Args.directory({ name: "folder", exists: "either" }).pipe(Args.withDescription(description))

const seconds = (took: Duration.Duration) => `${(Duration.toMillis(took) / 1000).toFixed(1)} s`

/**
 * A consistent dump of the database into a new folder, and a manifest of the files the events name with
 * their checksums (the media themselves are the store's to copy: a bucket's replication, or the folder).
 */
export const backupCommand = (refuse: Refuse) =>
  Command.make(
    "backup",
    { folder: folderArg("a new or empty folder to write it in") },
    ({ folder }) =>
      Effect.gen(function* () {
        const used = yield* Effect.promise(() => readdir(folder).catch(() => []))
        if (used.length > 0)
          return yield* refuse(`${folder} is not empty: a backup goes into a new folder.`)
        yield* Effect.promise(() => mkdir(folder, { recursive: true }))
        const pool = yield* PgPool
        const [took, { tables, migrations, media }] = yield* Effect.timed(
          Effect.gen(function* () {
            const dumped = yield* Effect.promise(() => dumpDatabase(pool, folder))
            return { ...dumped, media: yield* mediaManifest }
          }),
        )
        const takenAt = new Date().toISOString()
        yield* Effect.promise(() =>
          writeManifest(folder, { format: 1, takenAt, migrations, tables, media }),
        )
        const bytes = yield* Effect.promise(async () => {
          let total = 0
          for (const table of tables) total += (await stat(join(folder, table.file))).size
          return total
        })
        const events = tables.find((table) => table.name === "public.events")?.rows ?? 0
        yield* Console.log(
          `Backed up ${events} events in ${tables.length} tables (${(bytes / 1e6).toFixed(1)} MB) and the checksums of ${media.files.length} files to ${folder} in ${seconds(took)}.`,
        )
        if (media.missing.length > 0) {
          yield* Console.error(
            `${media.missing.length} file(s) the events name are missing from storage: ${media.missing.join(", ")}`,
          )
        }
      }),
  )

/** A backup into an empty database, then every projection rebuilt from its events. */
export const restoreCommand = (refuse: Refuse) =>
  Command.make("restore", { folder: folderArg("the backup's folder") }, ({ folder }) =>
    Effect.gen(function* () {
      const manifest = yield* Effect.promise(() => readManifest(folder))
      if (typeof manifest === "string") return yield* refuse(manifest)
      const pool = yield* PgPool
      const [took] = yield* Effect.timed(
        Effect.tryPromise({
          try: () =>
            restoreDatabase(pool, folder, manifest, [...portableFinish, unlockRestoredJobs]),
          catch: (error) => error,
        }).pipe(
          Effect.catchAll((error) =>
            error instanceof RestoreRefused ? refuse(error.message) : Effect.die(error),
          ),
        ),
      )
      yield* Console.log(`Restored the backup of ${manifest.takenAt} in ${seconds(took)}.`)
      for (const projection of projections) {
        const [rebuilt] = yield* Effect.timed(rebuildProjection(projection))
        yield* Console.log(`Rebuilt ${projection.name} in ${seconds(rebuilt)}.`)
      }
      const missing = yield* missingFiles
      if (missing.length > 0) {
        yield* Console.error(
          `${missing.length} file(s) the events name are not in storage yet: copy the media store back, then run verify-media.`,
        )
      }
    }),
  )

/** The files the events name that storage lacks, each on its own line; exit code 1 when there is any. */
export const verifyMediaCommand = (refuse: Refuse) =>
  Command.make("verify-media", {}, () =>
    Effect.gen(function* () {
      const missing = yield* missingFiles
      for (const key of missing) yield* Console.log(key)
      if (missing.length > 0) {
        return yield* refuse(`${missing.length} file(s) the events name are missing from storage.`)
      }
      yield* Console.error("Every file the events name is in storage.")
    }),
  )
