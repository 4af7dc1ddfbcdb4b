import { hostname } from "node:os"
// Each module on its own: the package's index also loads the OpenTelemetry SDKs, seconds of start-up.
import * as OtlpMetrics from "@effect/opentelemetry/OtlpMetrics"
import * as OtlpSerialization from "@effect/opentelemetry/OtlpSerialization"
import * as OtlpTracer from "@effect/opentelemetry/OtlpTracer"
import { FetchHttpClient } from "@effect/platform"
import { Config, Duration, Effect, Layer, Option, Redacted, Schedule } from "effect"
import { processRole } from "#toolkit/process-role.ts"
import { recordDatabaseFigures } from "./database-figures.ts"
import { recordProcessFigures } from "./process-figures.ts"

/**
 * OpenTelemetry's own variables: where the collector listens (OTLP over HTTP, JSON), what this service is
 * called, how often metrics go (milliseconds), and headers the collector wants (`key=value,key=value`,
 * a vendor's key among them).
 */
export const otlpConfig = Config.all({
  endpoint: Config.option(Config.url("OTEL_EXPORTER_OTLP_ENDPOINT")),
  serviceName: Config.string("OTEL_SERVICE_NAME").pipe(Config.withDefault("melody-studio")),
  metricsEveryMs: Config.integer("OTEL_METRIC_EXPORT_INTERVAL").pipe(Config.withDefault(60_000)),
  headers: Config.option(Config.redacted("OTEL_EXPORTER_OTLP_HEADERS")),
})

const headersOf = (text: string) =>
  Object.fromEntries(
    text
      .split(",")
      .map((pair) => pair.split("=").map((part) => decodeURIComponent(part.trim())))
      .filter(([key, value]) => key && value !== undefined),
  )

/** Whether spans leave the process: without a collector, none are built for requests. */
export const tracesExported = Effect.map(otlpConfig, (config) => Option.isSome(config.endpoint))

/**
 * Spans and metrics to an OpenTelemetry collector when `OTEL_EXPORTER_OTLP_ENDPOINT` is set: every span
 * (a request's with its route, the database's, each job's, the makers' calls) and every metric, the
 * database's and the process's figures read as often as metrics go.
 */
export const OtlpLive = Layer.unwrapEffect(
  Effect.gen(function* () {
    const config = yield* otlpConfig
    if (Option.isNone(config.endpoint)) return Layer.empty
    const base = config.endpoint.value.href.replace(/\/$/, "")
    const role = yield* processRole
    const resource = {
      serviceName: config.serviceName,
      attributes: { "service.instance.id": `${hostname()}:${process.pid}`, "melody.role": role },
    }
    const headers = Option.match(config.headers, {
      onNone: () => ({}),
      onSome: (value) => headersOf(Redacted.value(value)),
    })
    const every = Duration.millis(config.metricsEveryMs)
    return Layer.mergeAll(
      OtlpTracer.layer({ url: `${base}/v1/traces`, resource, headers }),
      OtlpMetrics.layer({ url: `${base}/v1/metrics`, resource, headers, exportInterval: every }),
    ).pipe(Layer.provide([OtlpSerialization.layerJson, FetchHttpClient.layer]))
  }),
)

/** The database's and the process's figures read into their gauges as often as metrics are exported. */
export const OtlpFiguresLive = Layer.unwrapEffect(
  Effect.gen(function* () {
    const config = yield* otlpConfig
    if (Option.isNone(config.endpoint)) return Layer.empty
    const read = Effect.zipRight(recordProcessFigures, recordDatabaseFigures).pipe(
      Effect.catchAllCause((cause) =>
        Effect.logWarning("Telemetry could not read its figures", cause),
      ),
    )
    return Layer.scopedDiscard(
      Effect.forkScoped(
        Effect.repeat(read, Schedule.spaced(Duration.millis(config.metricsEveryMs))),
      ),
    )
  }),
)
