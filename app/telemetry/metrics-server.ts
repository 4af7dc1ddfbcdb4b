import { createServer } from "node:http"
import { Config, Effect, Layer, Metric, Option, Runtime } from "effect"
import { AppConfig } from "../config.ts"
import { recordDatabaseFigures } from "./database-figures.ts"
import { recordProcessFigures } from "./process-figures.ts"
import { prometheusText } from "./prometheus-text.ts"

/** `METRICS_PORT`: where Prometheus scrapes `/metrics`, on the server's `HOST`; unset, nowhere. */
export const metricsConfig = Config.option(Config.port("METRICS_PORT"))

/** Everything `/metrics` answers, in Prometheus' text format: the figures are read at each scrape. */
export const metricsText = Effect.gen(function* () {
  yield* recordProcessFigures
  yield* recordDatabaseFigures
  return `${prometheusText(yield* Metric.snapshot).join("\n")}\n`
})

/**
 * `/metrics` on a port of its own: scrapers reach it on the private network without an account, and
 * people never do, since the proxy sends them to the main port alone.
 */
export const MetricsServerLive = Layer.scopedDiscard(
  Effect.gen(function* () {
    const port = yield* metricsConfig
    if (Option.isNone(port)) return
    const { host } = yield* AppConfig
    const run = Runtime.runPromise(
      yield* Effect.runtime<Effect.Effect.Context<typeof metricsText>>(),
    )
    const server = createServer((request, response) => {
      if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
        response.writeHead(404, { "content-type": "text/plain" }).end("Only /metrics is here.\n")
        return
      }
      run(metricsText).then(
        (text) =>
          response.writeHead(200, { "content-type": "text/plain; version=0.0.4" }).end(text),
        () =>
          response
            .writeHead(503, { "content-type": "text/plain" })
            .end("Metrics are unavailable.\n"),
      )
    })
    yield* Effect.acquireRelease(
      Effect.async<void>((resume) => {
        server.listen(port.value, host, () => resume(Effect.void))
      }),
      () =>
        Effect.async<void>((resume) => {
          server.close(() => resume(Effect.void))
        }),
    )
    yield* Effect.logInfo(`Metrics on http://${host}:${port.value}/metrics`)
  }),
)
