import { describe, expect } from "@effect/vitest"
import { Cause, Effect, Logger, LogLevel } from "effect"
import { describeApp, signUp } from "#app/testing.ts"
import { clientOf } from "#app/testing-client.ts"
import { fakeOpenAiForFile } from "#app/testing-openai.ts"
import { query } from "#events/testing.ts"
import { describeSongwritingConfig, SongwritingConfig } from "./config.ts"
import { Songwriting } from "./songwriting.ts"

const openAi = await fakeOpenAiForFile()

const env = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  ...openAi.env,
  OPENAI_TIMEOUT: "2 seconds",
  CHAT_TURNS_PER_USER: "1000",
}

const writer = signUp("writer")

/** The user as the service sees a signed-in caller. */
const signedIn = (user: { id: string; username: string; email: string }) => ({
  userId: user.id,
  username: user.username,
  email: user.email,
  name: "Test Person",
  isAdmin: false,
  emailVerified: true,
})

const brief = {
  title: "Paper Boats",
  style: "Folk, calm, female vocals",
  description: "Rainy childhood days",
}
const lyrics = "[Verse 1]\nPaper boats sail down the lane\n\n[Chorus]\nPaper boats in the rain"

const eventsOf = (userId: string) =>
  Effect.map(
    query<{ type: string }>(
      "select type from events where stream_id = $1 order by stream_version",
      [`conversation-${userId}`],
    ),
    (rows) => rows.map((r) => r.type),
  )

describeApp({ env })("Melody with a live model", (it) => {
  describe("chat turns", () => {
    it.effect("a reply is recorded with the person's message and shown again on reload", () =>
      Effect.gen(function* () {
        const { person } = yield* writer
        openAi.script({
          kind: "json",
          content: { message: "A bicycle song! Which style?", action: { type: "none", data: {} } },
        })
        const turn = yield* person.post("/api/chat", {
          message: "  A song about my first bicycle  ",
        })
        expect(turn.status).toBe(200)
        expect(turn.body).toMatchObject({
          message: "A bicycle song! Which style?",
          action: { type: "none", data: {} },
          songInfo: { stage: "initial", lyrics: "" },
          messages: [
            { role: "user", content: "A song about my first bicycle" },
            {
              role: "assistant",
              content: "A bicycle song! Which style?",
              showSongGeneration: false,
            },
          ],
        })
        const sent = openAi.requests[0]?.body.messages ?? []
        expect(sent.at(-1)).toEqual({ role: "user", content: "A song about my first bicycle" })
        expect(sent[1]?.content).toMatch(/^Current date and time: It is \w+day, /)
        const reloaded = yield* (yield* clientOf(person)).songwriting.conversation()
        expect(reloaded.messages.map((m) => m.content)).toEqual([
          "A song about my first bicycle",
          "A bicycle song! Which style?",
        ])
      }),
    )

    it.effect(
      "generate_lyrics writes the lyrics, shows them in a message, and completes the song",
      () =>
        Effect.gen(function* () {
          const { person, user } = yield* writer
          openAi.script(
            {
              kind: "json",
              content: {
                message: "Writing now!",
                action: { type: "generate_lyrics", data: brief },
              },
            },
            { kind: "json", content: { lyrics } },
          )
          const turn = yield* person.post("/api/chat", { message: "Yes, write it" })
          expect(turn.body).toMatchObject({
            action: { type: "generate_lyrics", data: brief },
            songInfo: { ...brief, lyrics, stage: "complete" },
            messages: [
              { role: "user" },
              { role: "assistant", content: "Writing now!" },
              {
                role: "assistant",
                content: 'Here are the lyrics I created for "Paper Boats":',
                lyrics,
                title: "Paper Boats",
                showSongGeneration: true,
              },
            ],
          })
          expect(openAi.requests[1]?.body.messages[1]?.content).toBe(
            "Title: Paper Boats\nStyle: Folk, calm, female vocals\nDescription: Rainy childhood days",
          )
          // The person edits the lyrics; the edit is what a reload shows.
          const edited = yield* person.put("/api/chat/lyrics", { lyrics: `${lyrics}\nMy own line` })
          expect(edited.body).toMatchObject({ lyrics: `${lyrics}\nMy own line` })
          const reloaded = yield* (yield* clientOf(person)).songwriting.conversation()
          expect(reloaded.songInfo.lyrics).toBe(`${lyrics}\nMy own line`)
          expect(yield* eventsOf(user.id)).toEqual([
            "UserMessagePosted",
            "AssistantReplied",
            "LyricsWritten",
            "LyricsEdited",
          ])
        }),
    )

    it.effect(
      "generate_lyrics without a title, style or description writes nothing and logs a warning",
      () =>
        Effect.gen(function* () {
          const songwriting = yield* Songwriting
          const { user } = yield* writer
          const warnings: Array<unknown> = []
          const capture = Logger.make(({ logLevel, message }) => {
            if (logLevel._tag === "Warning") warnings.push(message)
          })
          openAi.script({
            kind: "json",
            content: {
              message: "On it",
              action: { type: "generate_lyrics", data: { style: "Pop" } },
            },
          })
          const turn = yield* songwriting
            .chat(signedIn(user), "write it")
            .pipe(Effect.provide(Logger.replace(Logger.defaultLogger, capture)))
          expect(turn.songInfo.stage).toBe("initial")
          expect(turn.messages).toHaveLength(2)
          expect(openAi.requests).toHaveLength(1)
          expect(JSON.stringify(warnings)).toContain("none were written")
          expect(yield* eventsOf(user.id)).toEqual(["UserMessagePosted", "AssistantReplied"])
        }),
    )

    it.effect("change_style revises the song; new_song starts over", () =>
      Effect.gen(function* () {
        const { person } = yield* writer
        openAi.script(
          {
            kind: "json",
            content: { message: "Writing!", action: { type: "generate_lyrics", data: brief } },
          },
          { kind: "json", content: { lyrics } },
          {
            kind: "json",
            content: {
              message: "Here's a jazz take:",
              action: {
                type: "change_style",
                data: { style: "Jazz, smoky", lyrics: "[Verse 1]\nBlue boats" },
              },
            },
          },
          {
            kind: "json",
            content: { message: "A new song! What about?", action: { type: "new_song", data: {} } },
          },
        )
        yield* person.post("/api/chat", { message: "write it" })
        const restyled = yield* person.post("/api/chat", { message: "make it jazz" })
        expect(restyled.body).toMatchObject({
          songInfo: { title: "Paper Boats", style: "Jazz, smoky", lyrics: "[Verse 1]\nBlue boats" },
          messages: [
            { role: "user" },
            {
              content: "Here's a jazz take:",
              lyrics: "[Verse 1]\nBlue boats",
              showSongGeneration: true,
            },
          ],
        })
        const fresh = yield* person.post("/api/chat", { message: "another song please" })
        expect(fresh.body).toMatchObject({ songInfo: { stage: "initial", lyrics: "", title: "" } })
        // The model sees only the new song's turns from then on.
        openAi.script({
          kind: "json",
          content: { message: "Nice", action: { type: "none", data: {} } },
        })
        yield* person.post("/api/chat", { message: "about the sea" })
        expect(openAi.requests.at(-1)?.body.messages.slice(3)).toEqual([
          { role: "assistant", content: "A new song! What about?" },
          { role: "user", content: "about the sea" },
        ])
      }),
    )

    it.effect("an unusable reply becomes the fallback, recorded as such", () =>
      Effect.gen(function* () {
        const { person, user } = yield* writer
        openAi.script({ kind: "text", content: "I'd love to help! {oops" })
        const turn = yield* person.post("/api/chat", { message: "hello" })
        expect(turn.body).toMatchObject({
          message: "I apologize, but I couldn't process that properly. Could you try rephrasing?",
          action: { type: "none", data: {} },
        })
        const [row] = yield* query<{ fallback: boolean }>(
          "select (data ->> 'fallback')::boolean as fallback from events where stream_id = $1 and type = 'AssistantReplied'",
          [`conversation-${user.id}`],
        )
        expect(row?.fallback).toBe(true)
      }),
    )

    it.effect("a model failure records nothing: a key problem is a configuration error", () =>
      Effect.gen(function* () {
        const { person, user } = yield* writer
        openAi.script({ kind: "status", status: 401, message: "Incorrect API key provided." })
        const refused = yield* person.post("/api/chat", { message: "hello" })
        expect(refused.status).toBe(503)
        expect(refused.body).toMatchObject({
          _tag: "ModelNotConfigured",
          message: "OpenAI API key is not properly configured. Please contact support.",
        })
        openAi.script({ kind: "status", status: 500, message: "boom" })
        const failed = yield* person.post("/api/chat", { message: "hello" })
        expect(failed.status).toBe(502)
        expect(failed.body).toMatchObject({
          _tag: "ModelUnavailable",
          message: "Failed to get AI response. Please check your API key configuration.",
        })
        openAi.script({ kind: "hang", ms: 5000 })
        expect((yield* person.post("/api/chat", { message: "hello" })).status).toBe(502)
        expect(yield* eventsOf(user.id)).toEqual([])
      }),
    )
  })

  it.effect("the key never reaches the logs, whatever happens", () =>
    Effect.gen(function* () {
      const songwriting = yield* Songwriting
      const config = yield* SongwritingConfig
      const { user } = yield* writer
      const lines: Array<string> = []
      const capture = Logger.make(({ message, cause }) => {
        lines.push(JSON.stringify(message), Cause.pretty(cause))
      })
      const me = signedIn(user)
      openAi.script(
        { kind: "status", status: 401, message: "Incorrect API key provided." },
        { kind: "status", status: 500, message: "boom" },
        { kind: "text", content: "{broken" },
      )
      for (let i = 0; i < 3; i++) {
        yield* Effect.either(
          songwriting
            .chat(me, "hello")
            .pipe(
              Effect.provide(Logger.replace(Logger.defaultLogger, capture)),
              Logger.withMinimumLogLevel(LogLevel.All),
            ),
        )
      }
      expect(lines.length).toBeGreaterThan(0)
      expect(lines.filter((line) => line.includes(openAi.apiKey))).toEqual([])
      expect(JSON.stringify(describeSongwritingConfig(config))).not.toContain(openAi.apiKey)
      expect(JSON.stringify(describeSongwritingConfig(config))).toContain("gpt-4o")
    }),
  )

  describe("the lyrics form", () => {
    it.effect("writes lyrics, keeps them as the draft, keeps the person's edits", () =>
      Effect.gen(function* () {
        const { person } = yield* writer
        expect((yield* person.get("/api/lyrics/draft")).body).toBeNull()
        openAi.script({ kind: "json", content: { lyrics } })
        const written = yield* person.post("/api/generate-lyrics", brief)
        expect(written.body).toEqual({ lyrics })
        expect((yield* person.get("/api/lyrics/draft")).body).toEqual({ ...brief, lyrics })
        const edited = yield* person.put("/api/lyrics/draft", { lyrics: "[Verse 1]\nMine" })
        expect(edited.body).toMatchObject({ lyrics: "[Verse 1]\nMine" })
        expect((yield* person.get("/api/lyrics/draft")).body).toMatchObject({
          lyrics: "[Verse 1]\nMine",
        })
      }),
    )

    it.effect("a model without lyrics in its answer is an error, and nothing is kept", () =>
      Effect.gen(function* () {
        const { person } = yield* writer
        openAi.script({ kind: "json", content: { song: "la la" } })
        const api = yield* clientOf(person)
        const failed = yield* Effect.flip(api.songwriting.generateLyrics({ payload: brief }))
        expect(failed._tag).toBe("ModelUnavailable")
        expect(failed.message).toBe("Failed to generate lyrics")
        expect((yield* person.get("/api/lyrics/draft")).body).toBeNull()
      }),
    )
  })
})
