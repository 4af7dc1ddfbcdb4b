import { expect } from "@effect/vitest"
import { ConfigProvider, Effect, Layer } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { billingStreams, CreditsDebited, CreditsRefunded } from "#events/contracts/billing.ts"
import {
  mediaStreams,
  SongGenerationFailed,
  SongGenerationRequested,
} from "#events/contracts/media.ts"
import { EventStore, toNewEvent } from "#events/store/index.ts"
import { freePort } from "#events/test-postgres.ts"
import { query } from "#events/testing.ts"
import { AppConfig } from "./config.ts"
import { projections } from "./projections.ts"
import { MetricsServerLive, metricsText } from "./telemetry/metrics-server.ts"
import { describeApp, request, settle, signUp, testConfig } from "./testing.ts"

const sampleOf = (text: string, name: string, labels: string) =>
  text.split("\n").find((line) => line.startsWith(`${name}{${labels}} `))

describeApp()("metrics", (it) => {
  it.effect(
    "count and time requests by the contract's route, never the path, and show the queue, the projections and the events",
    () =>
      Effect.gen(function* () {
        yield* signUp("measured")
        yield* settle
        expect((yield* request("/api/songs/a-song-nobody-made")).status).toBe(404)
        expect((yield* request("/api/health")).status).toBe(200)
        // A job no worker here knows, due a minute ago: it waits.
        yield* query(
          "select graphile_worker.add_job('metrics-probe', '{}'::json, run_at => now() - interval '1 minute')",
        )

        const text = yield* metricsText
        expect(text).not.toContain("a-song-nobody-made")
        expect(
          sampleOf(
            text,
            "melody_http_requests_total",
            'method="GET",route="/api/songs/:id",status="404"',
          ),
        ).toMatch(/ [1-9]\d*$/)
        expect(
          sampleOf(
            text,
            "melody_http_request_duration_seconds_count",
            'method="GET",route="/api/health"',
          ),
        ).toMatch(/ [1-9]\d*$/)
        expect(text).toMatch(/^# TYPE melody_http_request_duration_seconds histogram$/m)
        expect(
          sampleOf(
            text,
            "melody_http_request_duration_seconds_bucket",
            'method="GET",route="/api/health",le="+Inf"',
          ),
        ).toBeDefined()
        expect(sampleOf(text, "melody_jobs_waiting", 'kind="metrics-probe"')).toMatch(/ [1-9]\d*$/)
        expect(
          sampleOf(text, "melody_jobs_oldest_waiting_seconds", 'kind="metrics-probe"'),
        ).toMatch(/ (5\d|6\d|\d{3,})(\.\d+)?$/)
        for (const projection of projections) {
          expect(
            sampleOf(text, "melody_projection_lag_seconds", `projection="${projection.name}"`),
          ).toBeDefined()
        }
        expect(sampleOf(text, "melody_events_stored", 'type="UserRegistered"')).toMatch(
          / [1-9]\d*$/,
        )
        expect(text).toMatch(/^process_resident_memory_bytes \d+$/m)
        expect(text).toMatch(/^nodejs_eventloop_delay_seconds\{quantile="0.99"\} [\d.e-]+$/m)
      }),
  )

  it.effect("count generations by maker and outcome, and the credits debited and refunded", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const { user } = yield* signUp("spender")
      const metadata = { actor: Actors.system("media"), correlationId: "metrics" }
      const failedOne = (maker: "engine" | "music-api", credits: number) =>
        Effect.gen(function* () {
          const generationId = crypto.randomUUID()
          const requested = new SongGenerationRequested({
            generationId,
            userId: user.id,
            title: "Counted",
            style: "Pop",
            lyrics: "[Verse]",
            instrumental: false,
            operation: null,
            voice: null,
            credits,
            maker,
            requestedAt: new Date(),
          })
          yield* store.append(billingStreams.creditAccount(user.id), "any", [
            toNewEvent(CreditsDebited)(
              new CreditsDebited({
                userId: user.id,
                amount: credits,
                balanceAfter: 0,
                generationId,
              }),
              metadata,
              crypto.randomUUID(),
            ),
          ])
          yield* store.append(mediaStreams.generation(generationId), "no_stream", [
            toNewEvent(SongGenerationRequested)(requested, metadata, crypto.randomUUID()),
          ])
          // Apart from its request, so that the maker is looked up from an earlier batch.
          yield* settle
          yield* store.append(mediaStreams.generation(generationId), "any", [
            toNewEvent(SongGenerationFailed)(
              new SongGenerationFailed({
                generationId,
                userId: user.id,
                status: "TIMEOUT",
                reason: "Too slow",
                credits,
              }),
              metadata,
              crypto.randomUUID(),
            ),
          ])
          yield* store.append(billingStreams.creditAccount(user.id), "any", [
            toNewEvent(CreditsRefunded)(
              new CreditsRefunded({
                userId: user.id,
                amount: credits,
                balanceAfter: credits,
                generationId,
              }),
              metadata,
              crypto.randomUUID(),
            ),
          ])
        })
      yield* failedOne("engine", 10)
      yield* failedOne("music-api", 12)
      yield* failedOne("music-api", 12)
      yield* settle

      const text = yield* metricsText
      const generations = (maker: string, outcome: string) =>
        sampleOf(text, "melody_generations", `maker="${maker}",outcome="${outcome}"`)
      expect(generations("engine", "requested")).toMatch(/ 1$/)
      expect(generations("engine", "failed")).toMatch(/ 1$/)
      expect(generations("music-api", "requested")).toMatch(/ 2$/)
      expect(generations("music-api", "failed")).toMatch(/ 2$/)
      expect(generations("music-api", "succeeded")).toBeUndefined()
      expect(sampleOf(text, "melody_credits_moved", 'movement="debited"')).toMatch(/ 34$/)
      expect(sampleOf(text, "melody_credits_moved", 'movement="refunded"')).toMatch(/ 34$/)
      expect(text).toMatch(/^# TYPE melody_generations gauge$/m)
    }),
  )

  it.effect("are served on METRICS_PORT at /metrics alone", () =>
    Effect.gen(function* () {
      const port = yield* Effect.promise(() => freePort())
      yield* Effect.scoped(
        Effect.gen(function* () {
          yield* Layer.build(MetricsServerLive)
          const base = `http://127.0.0.1:${port}`
          const metrics = yield* Effect.promise(() => fetch(`${base}/metrics`))
          expect(metrics.status).toBe(200)
          expect(metrics.headers.get("content-type")).toBe("text/plain; version=0.0.4")
          expect(yield* Effect.promise(() => metrics.text())).toMatch(
            /^# TYPE melody_jobs_waiting gauge$/m,
          )
          const elsewhere = yield* Effect.promise(() => fetch(`${base}/api/health`))
          expect(elsewhere.status).toBe(404)
        }),
      ).pipe(
        Effect.provideService(AppConfig, testConfig()),
        Effect.withConfigProvider(
          ConfigProvider.fromMap(new Map([["METRICS_PORT", String(port)]])),
        ),
      )
    }),
  )
})
