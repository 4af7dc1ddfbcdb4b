import { Effect, Metric, MetricLabel } from "effect"

/**
 * A gauge set from a reading of labelled values at once: a set of labels the reading no longer holds (a
 * job kind whose queue emptied) reads 0 rather than its last value.
 */
export const labelledGauge = (
  name: string,
  description: string,
  labelNames: ReadonlyArray<string>,
) => {
  const gauge = Metric.gauge(name, { description })
  let seen = new Set<string>()
  return (readings: ReadonlyArray<readonly [labels: ReadonlyArray<string>, value: number]>) =>
    Effect.suspend(() => {
      const now = new Map(readings.map(([labels, value]) => [JSON.stringify(labels), value]))
      for (const key of seen) if (!now.has(key)) now.set(key, 0)
      seen = new Set(now.keys())
      return Effect.forEach(
        now,
        ([key, value]) => {
          const labels = JSON.parse(key) as ReadonlyArray<string>
          return Metric.set(
            Metric.taggedWithLabels(
              gauge,
              labelNames.map((label, i) => MetricLabel.make(label, labels[i] ?? "")),
            ),
            value,
          )
        },
        { discard: true },
      )
    })
}
