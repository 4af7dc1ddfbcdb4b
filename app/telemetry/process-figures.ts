import { monitorEventLoopDelay } from "node:perf_hooks"
import { Effect } from "effect"
import { labelledGauge } from "./labelled-gauge.ts"

const eventLoop = monitorEventLoopDelay({ resolution: 20 })
eventLoop.enable()

const residentMemory = labelledGauge("process_resident_memory_bytes", "Resident memory", [])
const heapUsed = labelledGauge("nodejs_heap_used_bytes", "V8 heap in use", [])
const eventLoopDelay = labelledGauge(
  "nodejs_eventloop_delay_seconds",
  "Event loop delay since the last reading",
  ["quantile"],
)

/** This process: its memory, and how late its event loop has run since the last reading. */
export const recordProcessFigures = Effect.suspend(() => {
  const memory = process.memoryUsage()
  const delay = (percentile: number) => eventLoop.percentile(percentile) / 1e9
  const readings = [
    [["0.5"], delay(50)],
    [["0.99"], delay(99)],
    [["1"], eventLoop.max / 1e9],
  ] as const
  eventLoop.reset()
  return Effect.all(
    [
      residentMemory([[[], memory.rss]]),
      heapUsed([[[], memory.heapUsed]]),
      eventLoopDelay(readings),
    ],
    { discard: true },
  )
})
