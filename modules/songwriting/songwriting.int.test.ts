import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, signUp } from "#app/testing.ts"
import { type ApiClient, clientOf, decodeBody } from "#app/testing-client.ts"
import { query } from "#events/testing.ts"

const env = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  CHAT_TURNS_PER_USER: "1000",
  LYRICS_PER_USER: "1000",
}

/** A signed-in writer: their browser, and the API's client as them. */
const writer = Effect.flatMap(signUp("poet"), ({ person }) =>
  Effect.map(clientOf(person), (api) => ({ person, api })),
)

const say = (api: ApiClient, message: string) => api.songwriting.chat({ payload: { message } })

const sections = ["[Verse 1]", "[Chorus]", "[Verse 2]", "[Bridge]", "[Chorus]"]

describeApp({ env })("Melody offline", (it) => {
  describe("the chat", () => {
    it.effect("from the first idea to lyrics about it, in the style chosen", () =>
      Effect.gen(function* () {
        const { api } = yield* writer
        const first = yield* say(api, "I want to write about leaving my small town")
        expect(first.action.type).toBe("none")
        expect(first.message).toContain("your small town")
        expect(first.message).toMatch(/Pop, Rock, Hip-Hop, Country, Jazz, Electronic or Classical/)

        const style = yield* say(api, "Country, nostalgic")
        expect(style.message.toLowerCase()).toMatch(/\bmale\b/)
        expect(style.message.toLowerCase()).toMatch(/\bfemale\b/)

        const voice = yield* say(api, "male vocals with acoustic guitar and fiddle")
        expect(voice.action.type).toBe("none")
        expect(voice.message).toMatch(/country/i)

        const confirmed = yield* say(api, "yes, write it")
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
        const jazzy = yield* say(api, "make it jazz instead")
        expect(jazzy.action.type).toBe("change_style")
        expect(jazzy.songInfo.style).toContain("Jazz")
        expect(jazzy.songInfo.lyrics).not.toBe(lyrics)

        const reloaded = yield* api.songwriting.conversation()
        expect(reloaded.messages).toHaveLength(11)
        expect(reloaded.songInfo.style).toContain("Jazz")
      }),
    )

    it.effect("the same conversation gives the same lyrics; another theme, other lyrics", () =>
      Effect.gen(function* () {
        const lyricsFor = (theme: string) =>
          Effect.gen(function* () {
            const { api } = yield* writer
            yield* say(api, `A song about ${theme}`)
            yield* say(api, "Pop, upbeat, female vocals, piano and drums")
            const ready = yield* say(api, "just write it")
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
        const { person, api } = yield* writer
        yield* say(api, "a song about the northern lights")
        yield* say(api, "Electronic, dreamy, female vocals, synth")
        const written = yield* say(api, "write it")
        const edited = `${written.songInfo.lyrics}\n(my own ending)`
        expect((yield* person.put("/api/chat/lyrics", { lyrics: edited })).status).toBe(200)
        expect((yield* api.songwriting.conversation()).songInfo.lyrics).toBe(edited)

        const fresh = yield* api.songwriting.startNewSong()
        expect(fresh.songInfo).toMatchObject({ stage: "initial", lyrics: "" })
        expect(fresh.messages.at(-1)).toMatchObject({
          role: "assistant",
          content: "Let's start a new song. What would you like your song to be about?",
        })
        const next = yield* say(api, "write it")
        expect(next.action.type).not.toBe("generate_lyrics")
      }),
    )

    it.effect(
      "a long conversation: the last 200 messages come back, the song survives snapshots",
      () =>
        Effect.gen(function* () {
          const { person, api } = yield* writer
          yield* say(api, "a song about the harbour at dawn")
          yield* say(api, "Folk, calm, male vocals, acoustic guitar")
          const written = yield* say(api, "yes, write it")
          const edited = `${written.songInfo.lyrics}\n(edited)`
          yield* person.put("/api/chat/lyrics", { lyrics: edited })
          for (let i = 0; i < 105; i++) yield* say(api, `thanks, I love it (${i})`)
          const [snapshot] = yield* query<{ version: number }>(
            "select version from snapshots where stream_id like 'conversation-%' order by version desc limit 1",
          )
          expect(snapshot?.version).toBeGreaterThanOrEqual(200)
          const view = yield* api.songwriting.conversation()
          expect(view.messages).toHaveLength(200)
          expect(view.messages.at(-2)?.content).toBe("thanks, I love it (104)")
          expect(view.songInfo).toMatchObject({ lyrics: edited, stage: "complete" })
        }),
    )

    it.effect("refuses empty messages, edits without lyrics, and anonymous callers", () =>
      Effect.gen(function* () {
        const { person, api } = yield* writer
        // The contract refuses these before they leave, so they are sent as they are.
        for (const message of ["", "   \n\t "]) {
          const answer = yield* person.post("/api/chat", { message })
          expect(answer.status).toBe(400)
          expect(decodeBody(HttpApiDecodeError, answer).message).toBe(
            "Type a message for Melody first.",
          )
        }
        const tooLong = yield* person.post("/api/chat", { message: "x".repeat(4001) })
        expect(tooLong.status).toBe(400)
        const edit = yield* Effect.flip(
          api.songwriting.editChatLyrics({ payload: { lyrics: "mine" } }),
        )
        expect(edit).toMatchObject({
          _tag: "NothingToEdit",
          message: "There are no lyrics to edit yet.",
        })
        expect((yield* request("/api/chat")).status).toBe(401)
        expect(
          (yield* request("/api/chat", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ message: "hi" }),
          })).status,
        ).toBe(401)
        expect((yield* api.songwriting.conversation()).messages).toEqual([])
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
          const { person, api } = yield* writer
          const { lyrics } = yield* api.songwriting.generateLyrics({ payload: brief })
          expect(lyrics).toContain("[Chorus]")
          expect(lyrics).toContain("Paper Boats")
          expect((yield* person.get("/api/lyrics/draft")).body).toEqual({ ...brief, lyrics })
          yield* person.put("/api/lyrics/draft", { lyrics: "[Verse 1]\nmine" })
          expect((yield* person.get("/api/lyrics/draft")).body).toMatchObject({
            lyrics: "[Verse 1]\nmine",
          })
          const again = yield* api.songwriting.generateLyrics({ payload: brief })
          expect(again.lyrics).not.toBe(lyrics)
        }),
    )

    it.effect("checks every field as the spec says, and keeps nothing it refused", () =>
      Effect.gen(function* () {
        const { person, api } = yield* writer
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
          const { issues } = decodeBody(HttpApiDecodeError, answer)
          const byField = Object.fromEntries(issues.map((i) => [i.path[0], i.message]))
          expect(byField).toEqual(expected)
        }
        // At the limits exactly, it is accepted.
        const edge = yield* api.songwriting.generateLyrics({
          payload: {
            title: "t".repeat(200),
            description: "d".repeat(2000),
            style: "s".repeat(200),
          },
        })
        expect(edge.lyrics.length).toBeLessThanOrEqual(2000)
        const tooLong = yield* person.put("/api/lyrics/draft", { lyrics: "x".repeat(2001) })
        expect(tooLong.status).toBe(400)
      }),
    )
  })

  it.effect("tells the date and the season", () =>
    Effect.gen(function* () {
      const api = yield* clientOf()
      const both = yield* api.songwriting.datetime({ urlParams: {} })
      expect(both.datetime_info).toMatch(
        /^It is \w+day, \d{1,2} \w+ \d{4}, \d\d:\d\d UTC\. It is \w+ in the northern hemisphere and \w+ in the southern\.$/,
      )
      const south = yield* api.songwriting.datetime({ urlParams: { season: "south" } })
      expect(south.datetime_info).toMatch(/in the southern hemisphere\.$/)
      const unknown = yield* api.songwriting.datetime({ urlParams: { season: "atlantis" } })
      expect(unknown.datetime_info).toContain("Unknown season")
    }),
  )
})

describeApp({ env: { ...env, CHAT_TURNS_PER_USER: "2" } })("Melody's limits", (it) => {
  it.effect("too many turns in a while are refused with a clear 429, and nothing is recorded", () =>
    Effect.gen(function* () {
      const { api } = yield* writer
      yield* say(api, "hello")
      yield* say(api, "a song about rain")
      const third = yield* Effect.flip(say(api, "pop"))
      expect(third._tag).toBe("TooManyRequests")
      expect(third.message).toMatch(
        /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
      )
      expect((yield* api.songwriting.conversation()).messages).toHaveLength(4)
    }),
  )
})
