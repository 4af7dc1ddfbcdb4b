import { Effect, Metric, MetricBoundaries, MetricLabel } from "effect"
import { describe, expect, it } from "vitest"
import { prometheusText } from "./prometheus-text.ts"

describe("Prometheus' text", () => {
  it("writes counters per label set, histograms as cumulative buckets with sum and count, and escapes labels", async () => {
    const counter = Metric.counter("probe_total", { description: "Probes", incremental: true })
    const histogram = Metric.histogram("probe_seconds", MetricBoundaries.fromIterable([0.1, 1]))
    const lines = await Effect.runPromise(
      Effect.gen(function* () {
        yield* Metric.increment(
          Metric.taggedWithLabels(counter, [MetricLabel.make("path", 'a "b"\\c')]),
        )
        yield* Metric.increment(Metric.taggedWithLabels(counter, [MetricLabel.make("path", "d")]))
        yield* Metric.increment(Metric.taggedWithLabels(counter, [MetricLabel.make("path", "d")]))
        for (const value of [0.05, 0.5, 5]) yield* Metric.update(histogram, value)
        const pairs = yield* Metric.snapshot
        return prometheusText(pairs.filter((pair) => pair.metricKey.name.startsWith("probe_")))
      }),
    )
    expect(lines).toEqual([
      "# HELP probe_seconds probe_seconds",
      "# TYPE probe_seconds histogram",
      'probe_seconds_bucket{le="0.1"} 1',
      'probe_seconds_bucket{le="1"} 2',
      'probe_seconds_bucket{le="+Inf"} 3',
      "probe_seconds_sum 5.55",
      "probe_seconds_count 3",
      "# HELP probe_total Probes",
      "# TYPE probe_total counter",
      ...['probe_total{path="a \\"b\\"\\\\c"} 1', 'probe_total{path="d"} 2'],
    ])
  })
})
