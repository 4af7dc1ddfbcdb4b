import { type MetricPair, MetricState } from "effect"

/** A sample's labels as Prometheus writes them: `{route="/api/songs/:id",status="200"}`. */
const labelsOf = (labels: ReadonlyArray<readonly [string, string]>) =>
  labels.length === 0
    ? ""
    : `{${labels.map(([key, value]) => `${key}="${value.replace(/[\\"\n]/g, (c) => (c === "\n" ? "\\n" : `\\${c}`))}"`).join(",")}}`

const numberOf = (value: number | bigint) =>
  typeof value === "bigint"
    ? value.toString()
    : Number.isFinite(value)
      ? String(value)
      : value > 0
        ? "+Inf"
        : value < 0
          ? "-Inf"
          : "NaN"

/** One metric family: its help and type lines, then its samples. */
const family = (
  name: string,
  type: "counter" | "gauge" | "histogram",
  help: string,
  samples: ReadonlyArray<string>,
) => [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...samples]

/**
 * Effect's metrics in Prometheus' text format (version 0.0.4): counters and gauges as one sample per set
 * of labels, histograms as cumulative buckets with their sum and count.
 */
export const prometheusText = (pairs: ReadonlyArray<MetricPair.MetricPair.Untyped>) => {
  const byName = new Map<string, Array<MetricPair.MetricPair.Untyped>>()
  for (const pair of pairs) {
    byName.set(pair.metricKey.name, [...(byName.get(pair.metricKey.name) ?? []), pair])
  }
  const lines: Array<string> = []
  for (const [name, metrics] of [...byName].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const state = metrics[0]!.metricState
    const help =
      metrics[0]!.metricKey.description._tag === "Some"
        ? metrics[0]!.metricKey.description.value
        : name
    const samples: Array<string> = []
    for (const { metricKey, metricState } of metrics) {
      const labels = metricKey.tags.map((tag) => [tag.key, tag.value] as const)
      if (MetricState.isHistogramState(metricState)) {
        for (const [boundary, count] of metricState.buckets) {
          if (!Number.isFinite(boundary)) continue
          samples.push(
            `${name}_bucket${labelsOf([...labels, ["le", numberOf(boundary)]])} ${count}`,
          )
        }
        samples.push(`${name}_bucket${labelsOf([...labels, ["le", "+Inf"]])} ${metricState.count}`)
        samples.push(`${name}_sum${labelsOf(labels)} ${numberOf(metricState.sum)}`)
        samples.push(`${name}_count${labelsOf(labels)} ${metricState.count}`)
      } else if (MetricState.isCounterState(metricState)) {
        samples.push(`${name}${labelsOf(labels)} ${numberOf(metricState.count)}`)
      } else if (MetricState.isGaugeState(metricState)) {
        samples.push(`${name}${labelsOf(labels)} ${numberOf(metricState.value)}`)
      }
    }
    const type = MetricState.isHistogramState(state)
      ? "histogram"
      : MetricState.isCounterState(state)
        ? "counter"
        : "gauge"
    lines.push(...family(name, type, help, samples))
  }
  return lines
}
