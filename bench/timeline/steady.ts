import http from "node:http"
import { now, percentile } from "../support/report.ts"

/** One request of a steady stream. */
export interface Request {
  readonly method: "POST" | "DELETE"
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
}

/** What a steady stream measured once stopped. */
export interface Sent {
  readonly count: number
  readonly perSecond: number
  readonly p50: number
  readonly p99: number
  readonly failures: number
}

/**
 * Requests sent on a clock, `perSecond` of them, until stopped: each starts when its time comes, whatever
 * the ones before it are doing, so a slow answer neither lowers the rate nor hides its own wait (an open
 * loop, as people's requests arrive). Each answer's time is kept; stopping waits for those under way.
 */
export const steadily = (base: string, perSecond: number, next: () => Request) => {
  const url = new URL(base)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
  const times: Array<number> = []
  let failures = 0
  const underWay = new Set<Promise<void>>()
  const send = ({ method, path, headers }: Request) =>
    new Promise<void>((resolve) => {
      const t0 = now()
      const request = http.request(
        { host: url.hostname, port: url.port, method, path, headers, agent },
        (answer) => {
          answer.resume()
          answer.on("end", () => {
            times.push(now() - t0)
            if ((answer.statusCode ?? 500) >= 300) failures++
            resolve()
          })
        },
      )
      request.on("error", () => {
        failures++
        resolve()
      })
      request.end()
    })
  const started = now()
  let begun = 0
  const timer = setInterval(() => {
    const due = Math.floor(((now() - started) / 1000) * perSecond)
    for (; begun < due; begun++) {
      const done = send(next()).finally(() => underWay.delete(done))
      underWay.add(done)
    }
  }, 2)
  return async (): Promise<Sent> => {
    clearInterval(timer)
    const stoppedAt = now()
    await Promise.all(underWay)
    agent.destroy()
    return {
      count: times.length,
      perSecond: (begun / (stoppedAt - started)) * 1000,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      failures,
    }
  }
}
