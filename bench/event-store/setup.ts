import { type Effect, Layer, ManagedRuntime, Redacted } from "effect"
import {
  EventStore,
  EventStoreLive,
  EventWakeups,
  SubscriptionLeases,
} from "#events/store/index.ts"
import { pgClientLayer } from "#events/store/pg-client.ts"
import { scratchDatabase } from "../support/scratch-database.ts"
import { makeRaw } from "./raw.ts"

const layerFor = (url: string) =>
  Layer.mergeAll(
    EventStoreLive.pipe(Layer.provideMerge(EventWakeups.live)),
    SubscriptionLeases.live,
  ).pipe(
    Layer.provideMerge(
      pgClientLayer({ url: Redacted.make(url), maxConnections: 20, applicationName: "bench" }),
    ),
  )

type Services = Layer.Layer.Success<ReturnType<typeof layerFor>>

/** A scratch database with our store on one side and a raw pool of the same size on the other. */
export const openBench = async () => {
  const database = await scratchDatabase("events")
  const runtime = ManagedRuntime.make(layerFor(database.url))
  const run = <A, E>(effect: Effect.Effect<A, E, Services>) => runtime.runPromise(effect)
  const store = await run(EventStore)
  const raw = await makeRaw(database.url, 20)
  const close = async () => {
    await raw.end()
    await runtime.dispose()
    await database.drop()
  }
  return { database, run, store, raw, close }
}

export type Bench = Awaited<ReturnType<typeof openBench>>
