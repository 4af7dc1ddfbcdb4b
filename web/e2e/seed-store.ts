/**
 * The journeys' server's event store, for the seeding scripts that put events in as a module would
 * deliver them. Where the database is comes from E2E_STATE (written by serve.ts).
 */
import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { Effect, Layer, Redacted } from "effect"
import { EventStore, EventStoreLive, EventWakeups } from "#events/store/index.ts"
import { pgClientLayer } from "#events/store/pg-client.ts"

const state = JSON.parse(await readFile(process.env.E2E_STATE ?? "", "utf8")) as {
  databaseUrl?: string
  embeddedPort?: string
  dataDir: string
}

/** The server's DATA_DIR. */
export const dataDir = state.dataDir

/** Where the server's database is, for scripts that run the command line against it. */
export const databaseUrl =
  state.databaseUrl ??
  `postgres://postgres:${encodeURIComponent(
    (await readFile(join(state.dataDir, "postgres.password"), "utf8")).trim(),
  )}@127.0.0.1:${state.embeddedPort}/melody`

export const pgLayer = pgClientLayer({
  url: Redacted.make(databaseUrl),
  maxConnections: 2,
  applicationName: "e2e-seed",
})

export const eventStoreLayer = EventStoreLive.pipe(Layer.provideMerge(EventWakeups.live))

/** The id of the person registered with this username. */
export const userIdOf = (username: string) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const registered = (yield* store.readStream(`username-${username.toLowerCase()}`))[0]
    const userId = (registered?.data as { userId?: string } | undefined)?.userId
    if (!userId) return yield* Effect.die(new Error(`no user ${username}`))
    return userId
  })
