import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { expect } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { query } from "#events/testing.ts"
import { describeApp, request, runJobs, signUp } from "../testing.ts"

/** A local OpenTelemetry collector: it keeps every OTLP/HTTP JSON body it is sent, by path. */
const collector = await new Promise<{ url: string; received: Map<string, Array<unknown>> }>(
  (resolve) => {
    const received = new Map<string, Array<unknown>>()
    const server = createServer((req, res) => {
      let body = ""
      req.on("data", (chunk: Buffer) => {
        body += chunk.toString()
      })
      req.on("end", () => {
        const path = req.url ?? ""
        received.set(path, [...(received.get(path) ?? []), JSON.parse(body)])
        res.writeHead(200, { "content-type": "application/json" }).end("{}")
      })
    })
    server.unref()
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received }),
    )
  },
)

interface Attribute {
  readonly key: string
  readonly value: { readonly stringValue?: string }
}
interface Span {
  readonly name: string
  readonly attributes: ReadonlyArray<Attribute>
}

const spans = () =>
  (collector.received.get("/v1/traces") ?? []).flatMap((body) =>
    (
      body as { resourceSpans: Array<{ scopeSpans: Array<{ spans: Array<Span> }> }> }
    ).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
  )

const metricNames = () =>
  new Set(
    (collector.received.get("/v1/metrics") ?? []).flatMap((body) =>
      (
        body as {
          resourceMetrics: Array<{ scopeMetrics: Array<{ metrics: Array<{ name: string }> }> }>
        }
      ).resourceMetrics.flatMap((r) => r.scopeMetrics.flatMap((s) => s.metrics.map((m) => m.name))),
    ),
  )

const resourceAttributes = () =>
  (collector.received.get("/v1/traces") ?? []).flatMap((body) =>
    (
      body as { resourceSpans: Array<{ resource: { attributes: Array<Attribute> } }> }
    ).resourceSpans.flatMap((r) => r.resource.attributes),
  )

/** Waits, as the exporters send on their own schedule, until `check` holds (or fails with its last word). */
const eventually = (check: () => void) =>
  Effect.try(check).pipe(
    Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo("20 seconds"))),
  )

describeApp({
  env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_METRIC_EXPORT_INTERVAL: "300" },
})("telemetry to an OpenTelemetry collector", (it) => {
  it.effect(
    "sends a span per request named by its route, the database's, each job's, and the metrics by name",
    () =>
      Effect.gen(function* () {
        yield* signUp("traced")
        yield* runJobs
        expect((yield* request("/api/songs/a-song-nobody-made")).status).toBe(404)
        expect((yield* request("/api/health")).status).toBe(200)
        // A job no worker here knows: it waits, and the queue has something to say.
        yield* query("select graphile_worker.add_job('otlp-probe', '{}'::json)")

        yield* eventually(() => {
          const names = spans().map((s) => s.name)
          expect(names).toContain("GET /api/songs/:id")
          expect(names).toContain("POST /api/register")
          expect(names).toContain("sql.execute")
          expect(names).toContain("handleCommand")
          expect(names.some((name) => name.startsWith("job "))).toBe(true)
        })
        const names = spans().map((s) => s.name)
        expect(names.filter((name) => name.includes("/api/health"))).toEqual([])
        expect(names.join(" ")).not.toContain("a-song-nobody-made")
        expect(resourceAttributes()).toContainEqual({
          key: "service.name",
          value: { stringValue: "melody-studio" },
        })

        yield* eventually(() => {
          const metrics = metricNames()
          for (const name of [
            "melody_http_requests_total",
            "melody_http_request_duration_seconds",
            "melody_jobs_waiting",
            "melody_projection_lag_seconds",
            "melody_events_stored",
            "process_resident_memory_bytes",
          ])
            expect(metrics, name).toContain(name)
        })
      }),
    60_000,
  )
})
