import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { type browser, describeApp, request, signUp } from "#app/testing.ts"
import { query } from "#events/testing.ts"

const env = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  CHAT_TURNS_PER_USER: "1000",
  LYRICS_PER_USER: "1000",
}

const writer = Effect.map(signUp("poet"), ({ person }) => person)

interface Turn {
  readonly message: string
  readonly action: { readonly type: string; readonly data: Record<string, string> }
  readonly songInfo: {
    readonly title: string
    readonly style: string
    readonly lyrics: string
    readonly stage: string
  }
  readonly messages: ReadonlyArray<{
    readonly role: string
    readonly content: string
    readonly lyrics?: string
  }>
}

const say = (person: ReturnType<typeof browser>, message: string) =>
  Effect.map(person.post("/api/chat", { message }), (answer) => {
    expect(answer.status).toBe(200)
    return answer.body as Turn
  })

const sections = ["[Verse 1]", "[Chorus]", "[Verse 2]", "[Bridge]", "[Chorus]"]

describeApp({ env })("Melody offline", (it) => {
  describe("the chat", () => {
    it.effect("from the first idea to lyrics about it, in the style chosen", () =>
      Effect.gen(function* () {
        const person = yield* writer
        const first = yield* say(person, "I want to write about leaving my small town")
        expect(first.action.type).toBe("none")
        expect(first.message).toContain("your small town")
        expect(first.message).toMatch(/Pop, Rock, Hip-Hop, Country, Jazz, Electronic or Classical/)

        const style = yield* say(person, "Country, nostalgic")
        expect(style.message.toLowerCase()).toMatch(/\bmale\b/)
        expect(style.message.toLowerCase()).toMatch(/\bfemale\b/)

        const voice = yield* say(person, "male vocals with acoustic guitar and fiddle")
        expect(voice.action.type).toBe("none")
        expect(voice.message).toMatch(/country/i)

        const confirmed = yield* say(person, "yes, write it")
        expect(confirmed.action.type).toBe("generate_lyrics")
        expect(confirmed.action.data.style).toContain("Country")
        expect(confirmed.action.data.style).toContain("male")
        expect(confirmed.action.data.description).toMatch(/small town/)
        const lyrics = confirmed.songInfo.lyrics
        expect(confirmed.songInfo.stage).toBe("complete")
        expect(lyrics.length).toBeGreaterThan(200)
        expect(lyrics.length).toBeLessThanOrEqual(2000)
        let from = 0
        for (const section of sections) {
          const at = lyrics.indexOf(section, from)
          expect(at, section).toBeGreaterThanOrEqual(from)
          from = at + section.length
        }
        expect(lyrics.toLowerCase()).toMatch(/town/)
        expect(lyrics.toLowerCase()).toMatch(
          /road|porch|dust|truck|pickup|dirt|fiddle|barn|creek|highway/,
        )
        const shown = confirmed.messages.at(-1)
        expect(shown).toMatchObject({
          role: "assistant",
          content: `Here are the lyrics I created for "${confirmed.action.data.title}":`,
          lyrics,
        })

        // Asking for another style rewrites the song in it.
        const jazzy = yield* say(person, "make it jazz instead")
        expect(jazzy.action.type).toBe("change_style")
        expect(jazzy.songInfo.style).toContain("Jazz")
        expect(jazzy.songInfo.lyrics).not.toBe(lyrics)

        const reloaded = (yield* person.get("/api/chat")).body as {
          messages: ReadonlyArray<{ role: string }>
          songInfo: { style: string }
        }
        expect(reloaded.messages).toHaveLength(11)
        expect(reloaded.songInfo.style).toContain("Jazz")
      }),
    )

    it.effect("the same conversation gives the same lyrics; another theme, other lyrics", () =>
      Effect.gen(function* () {
        const lyricsFor = (theme: string) =>
          Effect.gen(function* () {
            const person = yield* writer
            yield* say(person, `A song about ${theme}`)
            yield* say(person, "Pop, upbeat, female vocals, piano and drums")
            const ready = yield* say(person, "just write it")
            return ready.songInfo.lyrics
          })
        const a = yield* lyricsFor("my dog chasing waves at the beach")
        const b = yield* lyricsFor("my dog chasing waves at the beach")
        const c = yield* lyricsFor("the first snow in the city")
        expect(a).toMatch(/\[Chorus\]/)
        expect(a).toBe(b)
        expect(c).not.toBe(a)
      }),
    )

    it.effect("a new song starts over with a hidden question; edits of the lyrics are kept", () =>
      Effect.gen(function* () {
        const person = yield* writer
        yield* say(person, "a song about the northern lights")
        yield* say(person, "Electronic, dreamy, female vocals, synth")
        const written = yield* say(person, "write it")
        const edited = `${written.songInfo.lyrics}\n(my own ending)`
        expect((yield* person.put("/api/chat/lyrics", { lyrics: edited })).status).toBe(200)
        expect(((yield* person.get("/api/chat")).body as Turn).songInfo.lyrics).toBe(edited)

        const fresh = (yield* person.post("/api/chat/new-song")).body as {
          messages: ReadonlyArray<{ role: string; content: string }>
          songInfo: { stage: string; lyrics: string }
        }
        expect(fresh.songInfo).toMatchObject({ stage: "initial", lyrics: "" })
        expect(fresh.messages.at(-1)).toMatchObject({
          role: "assistant",
          content: "Let's start a new song. What would you like your song to be about?",
        })
        const next = yield* say(person, "write it")
        expect(next.action.type).not.toBe("generate_lyrics")
      }),
    )

    it.effect(
      "a long conversation: the last 200 messages come back, the song survives snapshots",
      () =>
        Effect.gen(function* () {
          const person = yield* writer
          yield* say(person, "a song about the harbour at dawn")
          yield* say(person, "Folk, calm, male vocals, acoustic guitar")
          const written = yield* say(person, "yes, write it")
          const edited = `${written.songInfo.lyrics}\n(edited)`
          yield* person.put("/api/chat/lyrics", { lyrics: edited })
          for (let i = 0; i < 105; i++) yield* say(person, `thanks, I love it (${i})`)
          const [snapshot] = yield* query<{ version: number }>(
            "select version from snapshots where stream_id like 'conversation-%' order by version desc limit 1",
          )
          expect(snapshot?.version).toBeGreaterThanOrEqual(200)
          const view = (yield* person.get("/api/chat")).body as {
            messages: ReadonlyArray<{ content: string }>
            songInfo: { lyrics: string; stage: string }
          }
          expect(view.messages).toHaveLength(200)
          expect(view.messages.at(-2)?.content).toBe("thanks, I love it (104)")
          expect(view.songInfo).toMatchObject({ lyrics: edited, stage: "complete" })
        }),
    )

    it.effect("refuses empty messages, edits without lyrics, and anonymous callers", () =>
      Effect.gen(function* () {
        const person = yield* writer
        for (const message of ["", "   \n\t "]) {
          const answer = yield* person.post("/api/chat", { message })
          expect(answer.status).toBe(400)
          expect((answer.body as { message: string }).message).toBe(
            "Type a message for Melody first.",
          )
        }
        const tooLong = yield* person.post("/api/chat", { message: "x".repeat(4001) })
        expect(tooLong.status).toBe(400)
        const edit = yield* person.put("/api/chat/lyrics", { lyrics: "mine" })
        expect(edit.status).toBe(409)
        expect((edit.body as { message: string }).message).toBe("There are no lyrics to edit yet.")
        expect((yield* request("/api/chat")).status).toBe(401)
        expect(
          (yield* request("/api/chat", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ message: "hi" }),
          })).status,
        ).toBe(401)
        expect(((yield* person.get("/api/chat")).body as { messages: unknown[] }).messages).toEqual(
          [],
        )
      }),
    )
  })

  describe("the lyrics form", () => {
    const brief = {
      title: "Paper Boats",
      description:
        "Rainy afternoons when I was small, racing paper boats down the gutter with my brother",
      style: "Folk, calm, female vocals, acoustic guitar",
    }

    it.effect(
      "writes lyrics about the brief, keeps them, keeps the edits, and writes another take",
      () =>
        Effect.gen(function* () {
          const person = yield* writer
          const written = yield* person.post("/api/generate-lyrics", brief)
          expect(written.status).toBe(200)
          const { lyrics } = written.body as { lyrics: string }
          expect(lyrics).toContain("[Chorus]")
          expect(lyrics).toContain("Paper Boats")
          expect((yield* person.get("/api/lyrics/draft")).body).toEqual({ ...brief, lyrics })
          yield* person.put("/api/lyrics/draft", { lyrics: "[Verse 1]\nmine" })
          expect((yield* person.get("/api/lyrics/draft")).body).toMatchObject({
            lyrics: "[Verse 1]\nmine",
          })
          const again = yield* person.post("/api/generate-lyrics", brief)
          expect((again.body as { lyrics: string }).lyrics).not.toBe(lyrics)
        }),
    )

    it.effect("checks every field as the spec says, and keeps nothing it refused", () =>
      Effect.gen(function* () {
        const person = yield* writer
        const cases: ReadonlyArray<readonly [Record<string, unknown>, Record<string, string>]> = [
          [
            {},
            {
              title: "Title is required",
              description: "Description is required",
              style: "Style is required",
            },
          ],
          [{ ...brief, title: "   " }, { title: "Title is required" }],
          [
            { ...brief, title: "t".repeat(201) },
            { title: "Title must be less than 200 characters" },
          ],
          [{ ...brief, description: "" }, { description: "Description is required" }],
          [
            { ...brief, description: "d".repeat(2001) },
            { description: "Description must be less than 2000 characters" },
          ],
          [{ ...brief, style: "" }, { style: "Style is required" }],
          [
            { ...brief, style: "s".repeat(201) },
            { style: "Style must be less than 200 characters" },
          ],
        ]
        for (const [payload, expected] of cases) {
          const answer = yield* person.post("/api/generate-lyrics", payload)
          expect(answer.status).toBe(400)
          const issues = (
            answer.body as { issues: ReadonlyArray<{ path: string[]; message: string }> }
          ).issues
          const byField = Object.fromEntries(issues.map((i) => [i.path[0], i.message]))
          expect(byField).toEqual(expected)
        }
        // At the limits exactly, it is accepted.
        const edge = yield* person.post("/api/generate-lyrics", {
          title: "t".repeat(200),
          description: "d".repeat(2000),
          style: "s".repeat(200),
        })
        expect(edge.status).toBe(200)
        expect((edge.body as { lyrics: string }).lyrics.length).toBeLessThanOrEqual(2000)
        const tooLong = yield* person.put("/api/lyrics/draft", { lyrics: "x".repeat(2001) })
        expect(tooLong.status).toBe(400)
      }),
    )
  })

  it.effect("tells the date and the season", () =>
    Effect.gen(function* () {
      const both = (yield* request("/api/datetime")).body as { datetime_info: string }
      expect(both.datetime_info).toMatch(
        /^It is \w+day, \d{1,2} \w+ \d{4}, \d\d:\d\d UTC\. It is \w+ in the northern hemisphere and \w+ in the southern\.$/,
      )
      const south = (yield* request("/api/datetime?season=south")).body as { datetime_info: string }
      expect(south.datetime_info).toMatch(/in the southern hemisphere\.$/)
      const unknown = (yield* request("/api/datetime?season=atlantis")).body as {
        datetime_info: string
      }
      expect(unknown.datetime_info).toContain("Unknown season")
    }),
  )
})

describeApp({ env: { ...env, CHAT_TURNS_PER_USER: "2" } })("Melody's limits", (it) => {
  it.effect("too many turns in a while are refused with a clear 429, and nothing is recorded", () =>
    Effect.gen(function* () {
      const person = yield* writer
      yield* say(person, "hello")
      yield* say(person, "a song about rain")
      const third = yield* person.post("/api/chat", { message: "pop" })
      expect(third.status).toBe(429)
      expect((third.body as { message: string }).message).toMatch(
        /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
      )
      expect(
        ((yield* person.get("/api/chat")).body as { messages: unknown[] }).messages,
      ).toHaveLength(4)
    }),
  )
})
