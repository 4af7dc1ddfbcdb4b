import { now, percentile } from "../support/report.ts"

/** How the opening of a batch of live streams went: the answers' statuses, and how long it took. */
export interface Opened {
  readonly statuses: Readonly<Record<string, number>>
  readonly ms: number
  /** How many of the streams answered are still open (the server ends those a newer one replaces). */
  readonly stillOpen: () => number
  /** Ends every stream still open, as closing the tabs would. */
  readonly close: () => void
}

/**
 * Opens a live stream (`GET /api/events`) for each cookie, all at once, as a page's EventSource does, and
 * reads whatever each is sent (keeping none of it) until it is closed.
 */
export const openStreams = async (
  base: string,
  cookies: ReadonlyArray<string>,
): Promise<Opened> => {
  const statuses: Record<string, number> = {}
  const aborts: Array<AbortController> = []
  let open = 0
  const started = now()
  await Promise.all(
    cookies.map(async (cookie) => {
      const aborting = new AbortController()
      aborts.push(aborting)
      const status = await fetch(`${base}/api/events`, {
        headers: { cookie, accept: "text/event-stream" },
        signal: aborting.signal,
      }).then(
        (response) => {
          const reader = response.body?.getReader()
          const drain = (): Promise<void> =>
            reader
              ? reader.read().then((chunk) => (chunk.done ? undefined : drain()))
              : Promise.resolve()
          if (response.ok) {
            open += 1
            drain()
              .catch(() => undefined)
              .finally(() => (open -= 1))
          }
          return String(response.status)
        },
        () => "no answer",
      )
      statuses[status] = (statuses[status] ?? 0) + 1
    }),
  )
  return {
    statuses,
    ms: now() - started,
    stillOpen: () => open,
    close: () => {
      for (const aborting of aborts) aborting.abort()
    },
  }
}

export interface Latencies {
  readonly p99: number
  readonly max: number
  readonly failures: number
}

/**
 * `/api/health` asked every `everyMs` for `ms`, whether or not the last one was answered (so that a stall
 * shows in the latencies and the server is asked as often either way): its p99, its slowest, its failures.
 */
export const healthFor = async (base: string, ms: number, everyMs = 50): Promise<Latencies> => {
  const samples: Array<number> = []
  let failures = 0
  const asked: Array<Promise<void>> = []
  const end = now() + ms
  while (now() < end) {
    const t0 = now()
    asked.push(
      fetch(`${base}/api/health`)
        .then(
          async (response) => {
            await response.arrayBuffer()
            if (!response.ok) failures++
          },
          () => void failures++,
        )
        .then(() => void samples.push(now() - t0)),
    )
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
  await Promise.all(asked)
  return { p99: percentile(samples, 99), max: Math.max(...samples), failures }
}
