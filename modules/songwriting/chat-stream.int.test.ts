import { SqlClient } from "@effect/sql"
import { expect } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { EventSourceParserStream } from "eventsource-parser/stream"
import {
  type browser,
  describeApp,
  postJson,
  serverUrl,
  settle,
  signUp,
  signUpAdmin,
} from "#app/testing.ts"
import { callAs, firstPage } from "#app/testing-client.ts"
import { fakeOpenAiForFile } from "#app/testing-openai.ts"

const openAi = await fakeOpenAiForFile()

const adminEmail = "chat-desk@example.com"
const env = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  ADMIN_EMAIL: adminEmail,
  ...openAi.env,
  OPENAI_TIMEOUT: "5 seconds",
  CHAT_TURNS_PER_USER: "2",
}

type Person = ReturnType<typeof browser>
interface Heard {
  readonly event: string | undefined
  readonly data: { readonly words?: string; readonly _tag?: string; readonly message?: string }
}

/**
 * A chat turn as a page reads it, event by event: `onEvent` hears each as it comes. `stopAfter` ends the
 * reading (the page is closed) once that many events came.
 */
const streamTurn = (
  person: Person,
  message: string,
  options: { readonly onEvent?: (heard: Heard) => void; readonly stopAfter?: number } = {},
) =>
  Effect.flatMap(serverUrl, (base) =>
    Effect.promise(async () => {
      const page = new AbortController()
      const response = await fetch(`${base}/api/chat/stream`, {
        method: "POST",
        signal: page.signal,
        headers: {
          origin: base,
          "content-type": "application/json",
          cookie: [...person.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        },
        body: JSON.stringify({ message }),
      })
      const heard: Array<Heard> = []
      const events = response
        .body!.pipeThrough(new TextDecoderStream())
        .pipeThrough(new EventSourceParserStream())
        .getReader()
      while (heard.length < (options.stopAfter ?? Number.POSITIVE_INFINITY)) {
        const next = await events.read()
        if (next.done) break
        const one = { event: next.value.event, data: JSON.parse(next.value.data) }
        heard.push(one)
        options.onEvent?.(one)
      }
      page.abort()
      return { status: response.status, type: response.headers.get("content-type"), heard }
    }),
  )

const contentsOf = (person: Person) =>
  callAs(person, (api) =>
    Effect.map(api.songwriting.conversation(), ({ messages }) => messages.map((m) => m.content)),
  )

/** A reply the fake model holds at its half until `release` is called. */
const heldReply = (message: string) => {
  let release = () => {}
  const hold = new Promise<void>((resolve) => {
    release = resolve
  })
  openAi.script({ kind: "json", content: { message, action: { type: "none", data: {} } }, hold })
  return release
}

describeApp({ env })("Melody's reply streamed as she writes it", (it) => {
  it.effect(
    "words come while the model writes, then the turn as recorded, for its writer only",
    () =>
      Effect.gen(function* () {
        const { person } = yield* signUp("streamer")
        const { person: other } = yield* signUp("bystander")
        const reply = "A bicycle song! Which style: country, folk or pop?"
        const release = heldReply(reply)
        const turn = yield* streamTurn(person, "A song about my first bicycle", {
          // The model holds the second half of its answer until the first words have reached the page.
          onEvent: (heard) => heard.event === "words" && release(),
        })
        expect(turn.status).toBe(200)
        expect(turn.type).toBe("text/event-stream")
        const words = turn.heard.filter((h) => h.event === "words")
        expect(words.length).toBeGreaterThan(2)
        expect(words.map((h) => h.data.words).join("")).toBe(reply)
        const last = turn.heard.at(-1)!
        expect(last.event).toBe("turn")
        expect(last.data).toMatchObject({
          message: reply,
          messages: [{ content: "A song about my first bicycle" }, { content: reply }],
        })
        expect(openAi.requests[0]?.body.stream).toBe(true)
        expect(yield* contentsOf(person)).toEqual(["A song about my first bicycle", reply])
        expect(yield* contentsOf(other)).toEqual([])
      }),
  )

  it.effect("a model that fails is refused in the stream, and nothing is recorded", () =>
    Effect.gen(function* () {
      const { person } = yield* signUp("refused")
      openAi.script({ kind: "status", status: 500, message: "The server had an error" })
      const turn = yield* streamTurn(person, "Hello?")
      expect(turn.heard).toEqual([
        {
          event: "refused",
          data: {
            _tag: "ModelUnavailable",
            message: "Failed to get AI response. Please check your API key configuration.",
          },
        },
      ])
      expect(yield* contentsOf(person)).toEqual([])
    }),
  )

  it.effect(
    "a turn the store cannot record is refused in the stream, and admins see why in the error stream",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* signUp("unlucky")
        const { person: desk } = yield* signUpAdmin("desk", adminEmail)
        const sql = yield* SqlClient.SqlClient
        // The database refuses Melody's reply as it would when it fails mid-turn.
        yield* sql`create function refuse_replies() returns trigger language plpgsql as $$
          begin raise exception 'the disk is full'; end $$`
        yield* sql`create trigger refuse_replies before insert on events for each row
          when (new.type = 'AssistantReplied') execute function refuse_replies()`
        const turn = yield* streamTurn(person, "A song about rain").pipe(
          Effect.ensuring(
            sql`drop trigger refuse_replies on events; drop function refuse_replies()`.pipe(
              Effect.orDie,
            ),
          ),
        )
        expect(turn.heard.at(-1)).toEqual({
          event: "refused",
          data: {
            _tag: "ModelUnavailable",
            message: "Failed to get AI response. Please check your API key configuration.",
          },
        })
        expect(yield* contentsOf(person)).toEqual([])
        yield* settle
        const errors = yield* callAs(desk, (api) => api.admin.errors({ urlParams: firstPage }))
        const reported = errors.items.find((entry) => entry.userId === user.id)
        expect(reported).toMatchObject({ source: "server" })
        expect(reported?.error).toContain("Melody's turn failed")
        expect(reported?.stack).toContain("the disk is full")
      }),
  )

  it.effect("the turn is recorded though the page stopped listening before it was written", () =>
    Effect.gen(function* () {
      const { person } = yield* signUp("leaver")
      const release = heldReply("Still here when you come back.")
      const turn = yield* streamTurn(person, "Write me a song", { stopAfter: 1 })
      expect(turn.heard[0]?.event).toBe("words")
      release()
      const recorded = yield* contentsOf(person).pipe(
        Effect.filterOrFail((contents) => contents.length === 2),
        Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("5 seconds"))),
      )
      expect(recorded).toEqual(["Write me a song", "Still here when you come back."])
    }),
  )

  it.effect("refuses a stranger, an empty message and a turn over the limit before streaming", () =>
    Effect.gen(function* () {
      const anonymous = yield* postJson("/api/chat/stream", { message: "Hi" })
      expect(anonymous.status).toBe(401)
      const { person } = yield* signUp("limited")
      const empty = yield* person.post("/api/chat/stream", { message: "   " })
      expect(empty.status).toBe(400)
      expect(empty.text).toContain("Type a message for Melody first.")
      for (const n of [1, 2]) expect((yield* streamTurn(person, `Turn ${n}`)).status).toBe(200)
      const over = yield* person.post("/api/chat/stream", { message: "Turn 3" })
      expect(over.status).toBe(429)
      expect(over.body).toMatchObject({ _tag: "TooManyRequests" })
      expect(openAi.requests).toHaveLength(2)
      expect(yield* contentsOf(person)).toHaveLength(4)
    }),
  )
})
