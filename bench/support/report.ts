/** Timing and the ratio table every benchmark prints. */

export const now = () => performance.now()

export const percentile = (samples: ReadonlyArray<number>, p: number): number => {
  if (samples.length === 0) return 0
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

export interface Row {
  readonly scenario: string
  readonly ours: string
  readonly baseline: string
  /** ours / baseline, as "higher is better" throughput. */
  readonly ratio: number | undefined
  readonly target: string
  readonly pass: boolean | undefined
}

const fmt = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 0 })
export const perSecond = (count: number, ms: number, unit: string) =>
  `${fmt((count / ms) * 1000)} ${unit}/s`

export const printTable = (title: string, rows: ReadonlyArray<Row>) => {
  const header = ["scenario", "ours", "baseline (same run)", "ratio", "target", ""]
  const lines = rows.map((r) => [
    r.scenario,
    r.ours,
    r.baseline,
    r.ratio === undefined ? "-" : `${r.ratio.toFixed(2)}x`,
    r.target,
    r.pass === undefined ? "" : r.pass ? "ok" : "MISSED",
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  const render = (cells: ReadonlyArray<string>) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd()
  console.log(`\n${title}\n`)
  console.log(render(header))
  console.log(widths.map((w) => "-".repeat(w)).join("  "))
  for (const line of lines) console.log(render(line))
  console.log()
}
