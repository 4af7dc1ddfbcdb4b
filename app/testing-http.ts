import { HttpServer } from "@effect/platform"
import { Effect } from "effect"
import { noAnswer } from "./testing-stall.ts"

/* The test server over HTTP: its address, plain requests, and a browser that keeps its cookies. */

/** The server's address, for fetch. */
export const serverUrl = Effect.map(HttpServer.HttpServer, (server) => {
  const address = server.address
  return address._tag === "TcpAddress" ? `http://127.0.0.1:${address.port}` : ""
})

export interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly body: unknown
  readonly text: string
  /** The body as it came, for files. */
  readonly bytes: Uint8Array
}

/** An answer's body three ways: parsed JSON where it is JSON, its text, and its bytes. */
export const answerOf = async (response: Response): Promise<Answer> => {
  const bytes = new Uint8Array(await response.arrayBuffer())
  const text = new TextDecoder().decode(bytes)
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body, text, bytes }
}

/** A request to the test server, answered with the parsed JSON body when there is one. */
export const request = (path: string, init: RequestInit = {}) =>
  Effect.flatMap(serverUrl, (base) => Effect.promise(() => fetch(base + path, init).then(answerOf)))

export const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  })

/**
 * A browser, as far as the server can tell: it keeps the cookies it is given and sends them back, and says
 * where its requests come from.
 */
export const browser = () => {
  const cookies = new Map<string, string>()
  const remember = (headers: Headers) => {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";")
      const [name = "", value = ""] = pair.split("=")
      const expired = attributes.some(
        (a) => /expires=thu, 01 jan 1970/i.test(a.trim()) || /max-age=0/i.test(a.trim()),
      )
      if (value === "" || expired) cookies.delete(name.trim())
      else cookies.set(name.trim(), value)
    }
  }
  const send = (path: string, init: RequestInit = {}) =>
    Effect.flatMap(serverUrl, (base) =>
      Effect.tryPromise({
        try: async (): Promise<Answer> => {
          const headers = new Headers(init.headers)
          headers.set("origin", base)
          if (cookies.size > 0)
            headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "))
          const response = await fetch(base + path, {
            ...init,
            headers,
            signal: AbortSignal.timeout(60_000),
          })
          remember(response.headers)
          return answerOf(response)
        },
        catch: (cause) => cause,
      }).pipe(
        Effect.catchAll((cause) =>
          cause instanceof DOMException && cause.name === "TimeoutError"
            ? Effect.flatMap(noAnswer(init.method ?? "GET", path), Effect.die)
            : Effect.die(cause),
        ),
      ),
    )
  return {
    cookies,
    get: (path: string) => send(path),
    post: (path: string, body: unknown = {}) =>
      send(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    put: (path: string, body: unknown = {}) =>
      send(path, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    patch: (path: string, body: unknown = {}) =>
      send(path, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    send,
  }
}
