import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Context, Effect, Layer } from "effect"
import { inject } from "vitest"
import { withDatabase } from "#events/store/databases.ts"
import { query } from "#events/testing.ts"
import { type Answer, answerOf, readOwnWrites } from "./testing.ts"
import { serverProcesses } from "./testing-servers.ts"

const startReplica = (env: Readonly<Record<string, string>>) =>
  Effect.gen(function* () {
    const [database] = yield* query<{ name: string }>("select current_database() as name")
    const dataDir = yield* Effect.acquireRelease(
      Effect.promise(() => mkdtemp(join(tmpdir(), "melody-replica-"))),
      (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true })),
    )
    const servers = serverProcesses({
      env: {
        DATABASE_URL: withDatabase(inject("adminDatabaseUrl"), database!.name),
        DATA_DIR: dataDir,
        LOG_LEVEL: "error",
        ...readOwnWrites,
        ...env,
      },
    })
    yield* Effect.acquireRelease(
      Effect.promise(() => servers.start()),
      () => Effect.sync(servers.closeAll),
    )
    const base = servers.url()
    /** A GET to the replica, with a session cookie when given. */
    const get = (path: string, cookie?: string) =>
      Effect.promise(
        (): Promise<Answer> =>
          fetch(base + path, { headers: cookie === undefined ? {} : { cookie } }).then(answerOf),
      )
    /** Its own address, which is also its APP_URL. */
    return { get, url: base }
  })

/**
 * Another server process on the test file's own database, as a second replica behind a load balancer: the
 * same database, its own memory (the timeline it keeps, the answers it caches). It runs `app/main.ts` as
 * production does, with `env`, and is killed with the test file's layer.
 */
export class Replica extends Context.Tag("@melody/app/testing/Replica")<
  Replica,
  Effect.Effect.Success<ReturnType<typeof startReplica>>
>() {
  static readonly layer = (env: Readonly<Record<string, string>> = {}) =>
    Layer.scoped(Replica, startReplica(env))
}
