import type { Row } from "../support/report.ts"
import { load, type Measured, type Pressure, worst } from "./measure.ts"

const ms = (n: number) => `${n.toFixed(1)} ms`

/** p99 (p50) of a measured load, as the tables print it. */
export const latencies = (measured: Measured) => `${ms(measured.p99)} (${ms(measured.p50)})`

/** Requests a second of a measured load, as the tables print it. */
export const throughput = (measured: Measured) =>
  `${Math.round(measured.perSecond).toLocaleString("en-US")} req/s`

/**
 * What this machine's server answers at best: an endpoint that does no work at all (GET /api/site),
 * through the same stack, under the same pressure; the worst of two rounds.
 */
export const measureFloor = async (base: string, pressure: Pressure) =>
  worst([
    await load({ ...pressure, base, cookie: undefined }, () => "/api/site"),
    await load({ ...pressure, base, cookie: undefined }, () => "/api/site"),
  ])

/** The floor's rows: its latencies and its throughput, with nothing to compare them with. */
export const floorRows = (floor: Measured): ReadonlyArray<Row> => [
  {
    scenario: "floor, GET /api/site (no work): p99 (p50)",
    ours: latencies(floor),
    baseline: "-",
    ratio: undefined,
    target: "",
    pass: undefined,
  },
  {
    scenario: "floor, GET /api/site (no work): throughput",
    ours: throughput(floor),
    baseline: "-",
    ratio: undefined,
    target: "",
    pass: undefined,
  },
]
