import { Effect } from "effect"
import { type browser, serverUrl } from "./testing.ts"

export interface LiveMessage {
  readonly id?: string
  readonly event?: string
  readonly data?: string
}

/**
 * A page's event stream, read as a browser's EventSource reads it: messages as they come, with the
 * Last-Event-ID it resumes from, if any.
 */
export const openLive = (person: ReturnType<typeof browser>, lastEventId?: string) =>
  Effect.gen(function* () {
    const base = yield* serverUrl
    const cookie = [...person.cookies].map(([k, v]) => `${k}=${v}`).join("; ")
    const aborting = new AbortController()
    const response = yield* Effect.promise(() =>
      fetch(`${base}/api/events`, {
        headers: {
          cookie,
          accept: "text/event-stream",
          ...(lastEventId ? { "last-event-id": lastEventId } : {}),
        },
        signal: aborting.signal,
      }),
    )
    // A refusal's body is read at once; a stream's, as it comes.
    const refusal = response.status === 200 ? "" : yield* Effect.promise(() => response.text())
    const reader = refusal === "" ? response.body!.getReader() : undefined
    const decoder = new TextDecoder()
    let buffered = ""
    let ended = reader === undefined
    /** Reads more of the body, for at most `ms`; false when nothing came in that time. */
    const readMore = async (ms: number) => {
      if (ended || reader === undefined) return false
      const chunk = await Promise.race([
        reader.read().catch(() => ({ done: true as const, value: undefined })),
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms)),
      ])
      if (chunk === undefined) return false
      if (chunk.done) {
        ended = true
        return false
      }
      buffered += decoder.decode(chunk.value, { stream: true })
      return true
    }
    /** The next message that is not a comment or the retry setting, or undefined after `ms` or the end. */
    const next = (ms = 3000) =>
      Effect.promise(async (): Promise<LiveMessage | undefined> => {
        const deadline = Date.now() + ms
        for (;;) {
          const end = buffered.indexOf("\n\n")
          if (end >= 0) {
            const block = buffered.slice(0, end)
            buffered = buffered.slice(end + 2)
            const fields = Object.fromEntries(
              block
                .split("\n")
                .filter((line) => !line.startsWith(":") && line.includes(":"))
                .map((line) => [
                  line.slice(0, line.indexOf(":")),
                  line.slice(line.indexOf(":") + 2),
                ]),
            ) as LiveMessage & { retry?: string }
            if (fields.data !== undefined || fields.event !== undefined) return fields
            continue
          }
          const left = deadline - Date.now()
          if (left <= 0 || ended) return undefined
          await readMore(left)
        }
      })
    /** Whether the server ended the stream within `ms` (whatever it sent before is kept for `next`). */
    const endsWithin = (ms: number) =>
      Effect.promise(async () => {
        const deadline = Date.now() + ms
        while (!ended && Date.now() < deadline) await readMore(deadline - Date.now())
        return ended
      })
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      cacheControl: response.headers.get("cache-control"),
      /** The JSON body of a refusal. */
      refusal:
        refusal === "" ? undefined : (JSON.parse(refusal) as { _tag: string; message: string }),
      next,
      endsWithin,
      close: Effect.sync(() => aborting.abort()),
    }
  })
