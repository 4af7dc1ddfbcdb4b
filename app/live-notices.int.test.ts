import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { type browser, describeApp, request, serverUrl, settle, signUp } from "./testing.ts"
import { seedGeneration } from "./testing-songs.ts"

type Browser = ReturnType<typeof browser>

interface Message {
  readonly id?: string
  readonly event?: string
  readonly data?: string
}

/**
 * A page's event stream, read as a browser's EventSource reads it: messages as they come, with the
 * Last-Event-ID it resumes from, if any.
 */
const open = (person: Browser, lastEventId?: string) =>
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
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let buffered = ""
    /** The next message that is not a comment or the retry setting, or undefined after `ms`. */
    const next = (ms = 3000) =>
      Effect.promise(async (): Promise<Message | undefined> => {
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
            ) as Message & { retry?: string }
            if (fields.data !== undefined || fields.event !== undefined) return fields
            continue
          }
          const left = deadline - Date.now()
          if (left <= 0) return undefined
          const chunk = await Promise.race([
            reader.read(),
            new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), left)),
          ])
          if (chunk === undefined || chunk.done) return undefined
          buffered += decoder.decode(chunk.value, { stream: true })
        }
      })
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      next,
      close: Effect.sync(() => aborting.abort()),
    }
  })

describeApp()("live notices", (it) => {
  it.effect(
    "tell a person's open page about their generation as it happens, and nobody else's",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* signUp("watching")
        const { person: other } = yield* signUp("elsewhere")
        yield* settle
        const page = yield* open(person)
        expect(page.status).toBe(200)
        expect(page.type).toBe("text/event-stream")
        const theirs = yield* open(other)

        const { generationId } = yield* seedGeneration(user.id, "Live Wire", 1)
        const told = yield* page.next()
        expect(told?.id).toMatch(/^\d+:\d+$/)
        expect(JSON.parse(told!.data!)).toEqual({ kind: "generation", id: generationId })
        expect(yield* theirs.next(500)).toBeUndefined()
        yield* page.close
        yield* theirs.close
      }),
  )

  it.effect(
    "resume after a reconnect with what was missed, and say to read again when it is gone",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* signUp("reconnecting")
        yield* settle
        const first = yield* open(person)
        yield* seedGeneration(user.id, "Before", 1)
        const seen = yield* first.next()
        yield* first.close

        const { generationId: missed } = yield* seedGeneration(user.id, "Meanwhile", 1)
        const again = yield* open(person, seen!.id)
        expect(JSON.parse((yield* again.next())!.data!)).toEqual({ kind: "generation", id: missed })
        yield* again.close

        const lost = yield* open(person, "1:1")
        expect((yield* lost.next())?.event).toBe("reset")
        yield* lost.close
      }),
  )

  it.effect("are for signed-in pages only", () =>
    Effect.gen(function* () {
      expect((yield* request("/api/events")).status).toBe(401)
    }),
  )
})
