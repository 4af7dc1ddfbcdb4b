import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import pg from "pg"
import { ensureDatabase } from "#events/store/databases.ts"
import { PgPool } from "#events/store/pg-client.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { sineMp3 } from "#toolkit/test-audio.ts"
import { describeApp, settle, signUp } from "./testing.ts"
import { openPack } from "./testing-billing.ts"
import { cli, cliOn } from "./testing-cli.ts"
import { seedLibrary } from "./testing-songs.ts"

/** Rows of `text` on the database at `url`. */
const rowsOn = (url: string, text: string) =>
  Effect.promise(async () => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return (await client.query(text)).rows
    } finally {
      await client.end()
    }
  })

/** A new, empty database beside the test's own, dropped once `use` is done with it. */
const withEmptyDatabase = <A, E, R>(suffix: string, use: (url: string) => Effect.Effect<A, E, R>) =>
  Effect.flatMap(PgPool, (pool) => {
    const admin = new URL(pool.options.connectionString!)
    const name = `${admin.pathname.slice(1)}_${suffix}`
    admin.pathname = "/postgres"
    return Effect.acquireUseRelease(
      Effect.promise(() => ensureDatabase(admin.toString(), name)),
      use,
      () => rowsOn(admin.toString(), `drop database if exists "${name}" with (force)`),
    )
  })

/** What must come back: every stream's events, balances, the library and the accounts. */
const truths = [
  "select stream_id, stream_version, event_id, type, data, metadata, recorded_at from events order by stream_id, stream_version",
  "select stream_id, version from event_streams order by stream_id",
  "select user_id, balance from credit_balances order by user_id",
  "select version_id, user_id, title, audio_key from catalog.versions order by version_id",
  "select * from identity.credentials order by 1",
]

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "100" } })(
  "command line: backup and restore",
  (it) => {
    it.effect(
      "restores into an empty database every stream, balance, song and account, readable in order and after which new events sort",
      () =>
        Effect.gen(function* () {
          const { person, user } = yield* signUp("keeper")
          const { sessionId } = yield* openPack(person, { amount: 4.99, credits: 50 })
          expect((yield* person.post(`/api/checkout/${sessionId}/pay`)).status).toBe(200)
          yield* seedLibrary(user.id, 4, yield* sineMp3(1))
          yield* settle
          const folder = yield* Effect.promise(() => mkdtemp(join(tmpdir(), "backup-")))
          const backup = join(folder, "nightly")

          const taken = yield* cli("backup", backup)
          expect(taken.stderr).toBe("")
          expect(taken.code).toBe(0)
          expect(taken.stdout).toMatch(
            /Backed up \d+ events in \d+ tables .* and the checksums of 4 files/,
          )
          expect(yield* Effect.promise(() => readdir(backup))).toContain("manifest.json")

          yield* withEmptyDatabase("restored", (restored) =>
            Effect.gen(function* () {
              const restoring = yield* cliOn(restored, "restore", backup)
              expect(restoring.stderr).toBe("")
              expect(restoring.code).toBe(0)
              expect(restoring.stdout).toMatch(/Restored the backup of .*\n(Rebuilt .*\n)+/)

              const source = (yield* PgPool).options.connectionString!
              for (const text of truths) {
                expect(yield* rowsOn(restored, text)).toEqual(yield* rowsOn(source, text))
              }
              // Every event is readable, in the order it was read before, and the next append sorts after.
              const order = "select event_id from events order by transaction_id, global_position"
              expect(yield* rowsOn(restored, order)).toEqual(yield* rowsOn(source, order))
              const [fence] = yield* rowsOn(
                restored,
                `select count(*)::int as readable, bool_and(transaction_id < pg_current_xact_id()) as before
             from events where transaction_id < pg_snapshot_xmin(pg_current_snapshot())`,
              )
              const [{ count }] = yield* rowsOn(source, "select count(*)::int from events")
              expect(fence).toEqual({ readable: count, before: true })
              // Reactions go on from where they were: nothing is done twice.
              const reactions = `select name, global_position from subscriptions
          where name not like 'projection:%' order by name`
              const kept = yield* rowsOn(restored, reactions)
              expect(kept.length).toBeGreaterThan(0)
              for (const reaction of kept) expect(Number(reaction.global_position)).toBe(count)
              expect((yield* cliOn(restored, "audit")).code).toBe(0)
              expect((yield* cliOn(restored, "verify-media")).code).toBe(0)

              const again = yield* cliOn(restored, "restore", backup)
              expect(again.code).toBe(1)
              expect(again.stderr).toMatch(
                /already holds \d+ events: a backup restores into an empty database/,
              )
            }),
          )
          yield* Effect.promise(() => rm(folder, { recursive: true, force: true }))
        }),
      120_000,
    )

    it.effect(
      "refuses a changed backup, a folder that is none and a used folder, changing nothing; verify-media names a lost file",
      () =>
        Effect.gen(function* () {
          const { user } = yield* signUp("loser")
          yield* seedLibrary(user.id, 2, yield* sineMp3(1))
          const folder = yield* Effect.promise(() => mkdtemp(join(tmpdir(), "backup-")))
          const backup = join(folder, "nightly")
          expect((yield* cli("backup", backup)).code).toBe(0)

          const used = yield* cli("backup", backup)
          expect(used.code).toBe(1)
          expect(used.stderr).toMatch(/is not empty: a backup goes into a new folder/)
          const none = yield* cli("restore", folder)
          expect(none.code).toBe(1)
          expect(none.stderr).toMatch(/holds no manifest.json: it is not a backup/)

          yield* Effect.promise(() => writeFile(join(backup, "public.events.copy.gz"), "tampered"))
          yield* withEmptyDatabase("tampered", (empty) =>
            Effect.gen(function* () {
              const changed = yield* cliOn(empty, "restore", backup)
              expect(changed.code).toBe(1)
              expect(changed.stderr).toMatch(
                /public.events.copy.gz is not the file the backup wrote/,
              )
              expect(yield* rowsOn(empty, "select count(*)::int from events")).toEqual([
                { count: 0 },
              ])
            }),
          )

          const [lost] = yield* rowsOn(
            (yield* PgPool).options.connectionString!,
            `select audio_key from catalog.versions where user_id = '${user.id}' order by version_id limit 1`,
          )
          yield* Effect.flatMap(FileStorage, (storage) => storage.remove(lost.audio_key))
          const verified = yield* cli("verify-media")
          expect(verified.code).toBe(1)
          expect(verified.stdout.trim().split("\n")).toEqual([lost.audio_key])
          expect(verified.stderr).toMatch(/1 file\(s\) the events name are missing from storage/)
          yield* Effect.promise(() => rm(folder, { recursive: true, force: true }))
        }),
      120_000,
    )
  },
)
