import autocannon from "autocannon"
import { now, percentile } from "../support/report.ts"

export interface Measured {
  readonly p50: number
  readonly p99: number
  readonly perSecond: number
  readonly failures: number
}

/** How hard a scenario is pushed: this many callers at once, for this many seconds. */
export interface Pressure {
  readonly connections: number
  readonly seconds: number
}

/** A request of a load: its path, and the session it is asked in if any. */
export interface Asked {
  readonly path: string
  readonly cookie?: string | undefined
}

/**
 * `ask`'s requests over HTTP by `connections` callers at once (autocannon), each with its own session if
 * it has one, else `cookie`.
 */
export const load = async (
  options: Pressure & { readonly base: string; readonly cookie: string | undefined },
  ask: () => string | Asked,
): Promise<Measured> => {
  const result = await autocannon({
    url: options.base,
    connections: options.connections,
    duration: options.seconds,
    headers: options.cookie === undefined ? {} : { cookie: options.cookie },
    requests: [
      {
        method: "GET",
        setupRequest: (request) => {
          const asked = ask()
          if (typeof asked === "string") return { ...request, path: asked }
          const headers = asked.cookie === undefined ? {} : { cookie: asked.cookie }
          return { ...request, path: asked.path, headers: { ...request.headers, ...headers } }
        },
      },
    ],
  })
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    perSecond: result.requests.average,
    failures: result.non2xx + result.errors + result.timeouts,
  }
}

/** `read` run by `connections` callers at once, each starting again as soon as its read is answered. */
export const timed = async (
  { connections, seconds }: Pressure,
  read: () => Promise<unknown>,
): Promise<Measured> => {
  const samples: Array<number> = []
  let failures = 0
  const started = now()
  const end = started + seconds * 1000
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (now() < end) {
        const t0 = now()
        await read().then(
          () => samples.push(now() - t0),
          () => failures++,
        )
      }
    }),
  )
  return {
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    perSecond: (samples.length / (now() - started)) * 1000,
    failures,
  }
}

/** The worst of several runs of one scenario, figure by figure. */
export const worst = (runs: ReadonlyArray<Measured>): Measured => ({
  p50: Math.max(...runs.map((r) => r.p50)),
  p99: Math.max(...runs.map((r) => r.p99)),
  perSecond: Math.min(...runs.map((r) => r.perSecond)),
  failures: runs.reduce((sum, r) => sum + r.failures, 0),
})

/** `ask`'s load after a warm-up (3 s, or a round if shorter): the worst of `rounds` rounds. */
export const warmedWorst = async (
  options: Pressure & { readonly base: string },
  ask: () => string | Asked,
  rounds = 2,
): Promise<Measured> => {
  const asked = { ...options, cookie: undefined }
  await load({ ...asked, seconds: Math.min(3, options.seconds) }, ask)
  const runs: Array<Measured> = []
  for (let round = 0; round < rounds; round++) runs.push(await load(asked, ask))
  return worst(runs)
}
