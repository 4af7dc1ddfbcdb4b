/** One reading of the server's own metrics (its METRICS_PORT), as the soak samples them. */
export interface Sample {
  readonly atSeconds: number
  readonly rssMb: number
  readonly heapMb: number
  /** The event loop's p99 delay since the last reading. */
  readonly loopP99Ms: number
  readonly jobsWaiting: number
  readonly jobsRunning: number
}

const valuesOf = (text: string, name: string) =>
  text
    .split("\n")
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .map((line) => Number(line.slice(line.lastIndexOf(" ") + 1)))

const first = (text: string, name: string) => valuesOf(text, name)[0] ?? 0
const sum = (text: string, name: string) => valuesOf(text, name).reduce((a, b) => a + b, 0)

export const sampleMetrics = async (metricsUrl: string, atSeconds: number): Promise<Sample> => {
  const text = await (await fetch(metricsUrl)).text()
  const loop = text
    .split("\n")
    .find((line) => line.startsWith('nodejs_eventloop_delay_seconds{quantile="0.99"}'))
  return {
    atSeconds,
    rssMb: first(text, "process_resident_memory_bytes") / 2 ** 20,
    heapMb: first(text, "nodejs_heap_used_bytes") / 2 ** 20,
    loopP99Ms: loop === undefined ? 0 : Number(loop.slice(loop.lastIndexOf(" ") + 1)) * 1000,
    jobsWaiting: sum(text, "melody_jobs_waiting"),
    jobsRunning: sum(text, "melody_jobs_running"),
  }
}
