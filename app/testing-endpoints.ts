import { HttpApi } from "@effect/platform"
import { Effect } from "effect"
import { query } from "#events/testing.ts"
import { MelodyApi } from "./api.ts"
import type { Browser } from "./testing-billing.ts"
import { serverUrl } from "./testing-http.ts"

/* Every endpoint of the contract, and plain requests to any of them, for the suites that walk them all. */

export interface Endpoint {
  readonly method: string
  /** As the router reads it: `/api/songs/:id`. */
  readonly path: string
  readonly middleware: ReadonlySet<unknown>
}

export const endpoints: ReadonlyArray<Endpoint> = (() => {
  const found: Array<Endpoint> = []
  HttpApi.reflect(MelodyApi, {
    onGroup: () => undefined,
    onEndpoint: ({ endpoint, middleware }) => {
      found.push({ method: endpoint.method, path: endpoint.path, middleware })
    },
  })
  return found
})()

export const nameOf = (e: Endpoint) => `${e.method} ${e.path}`

/** Who a suite calls as, and what they own, which fills the paths that name it. */
export interface Owned {
  readonly songId: string
  readonly playlistId: string
  readonly userId: string
  readonly username: string
}

/** The path with each parameter filled: the owner's own things where the name says what they are. */
export const filled = (
  path: string,
  own: Owned,
  other: (name: string) => string = () => crypto.randomUUID(),
) =>
  path.replace(/:([a-zA-Z]+)/g, (_, name: string) => {
    if (name === "id" && path.startsWith("/api/playlists/")) return own.playlistId
    if (name === "id" && path.startsWith("/api/songs/")) return own.songId
    return (own as unknown as Record<string, string | undefined>)[name] ?? other(name)
  })

export interface RawRequest {
  readonly method: string
  readonly path: string
  readonly contentType?: string
  readonly body?: string
}

/** How long to read a live stream's answer before leaving it; 0 leaves it at once. */
export interface StreamReading {
  readonly streamMillis?: number
}

/**
 * A request as a browser holding `who`'s cookies sends it, byte for byte as given; the answer's text is read,
 * of a live stream (whose body may never end) for as long as asked.
 */
export const rawRequest = (
  who: Browser,
  { method, path, contentType, body }: RawRequest,
  { streamMillis = 0 }: StreamReading = {},
) =>
  Effect.flatMap(serverUrl, (base) =>
    Effect.promise(async () => {
      const headers = new Headers({ origin: base })
      if (who.cookies.size > 0) {
        headers.set("cookie", [...who.cookies].map(([k, v]) => `${k}=${v}`).join("; "))
      }
      if (contentType !== undefined) headers.set("content-type", contentType)
      const response = await fetch(base + path, {
        method,
        headers,
        signal: AbortSignal.timeout(60_000),
        ...(body === undefined ? {} : { body }),
      })
      if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
        const left = setTimeout(() => response.body?.cancel().catch(() => undefined), streamMillis)
        const text = await response.text().catch(() => "")
        clearTimeout(left)
        return { status: response.status, text }
      }
      return { status: response.status, text: await response.text() }
    }),
  )

export const eventCount = Effect.map(
  query<{ count: number }>("select count(*)::int as count from events"),
  ([row]) => row!.count,
)
