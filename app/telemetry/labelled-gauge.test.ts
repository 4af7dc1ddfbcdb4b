import { describe, expect, it } from "@effect/vitest"
import { Effect, Metric, MetricState } from "effect"
import { labelledGauge } from "./labelled-gauge.ts"

const readings = (name: string) =>
  Effect.map(Metric.snapshot, (pairs) =>
    Object.fromEntries(
      pairs
        .filter((pair) => pair.metricKey.name === name)
        .map((pair) => [
          pair.metricKey.tags.map((tag) => tag.value).join(","),
          MetricState.isGaugeState(pair.metricState) ? pair.metricState.value : undefined,
        ]),
    ),
  )

describe("a labelled gauge", () => {
  it.effect("holds each reading's values, and 0 for labels a later reading no longer has", () =>
    Effect.gen(function* () {
      const queue = labelledGauge("test_queue_waiting", "Waiting", ["kind"])
      yield* queue([
        [["mail"], 3],
        [["video"], 2],
      ])
      expect(yield* readings("test_queue_waiting")).toEqual({ mail: 3, video: 2 })
      yield* queue([[["mail"], 1]])
      expect(yield* readings("test_queue_waiting")).toEqual({ mail: 1, video: 0 })
    }),
  )
})
