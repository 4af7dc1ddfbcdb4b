import { join } from "node:path"
import { SqlClient } from "@effect/sql"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { SongGenerationFailed } from "#events/contracts/media.ts"
import { EventStore, toNewEvent } from "#events/store/index.ts"
import type { AdminListParams } from "#projections/admin/api.ts"
import { projections } from "./projections.ts"
import {
  type browser,
  describeApp,
  request,
  serverUrl,
  settle,
  signUp,
  signUpAdmin,
} from "./testing.ts"
import { type ApiClient, callAs, clientOf, firstPage } from "./testing-client.ts"
import { seedGeneration } from "./testing-songs.ts"

type Browser = ReturnType<typeof browser>
/** What the admin lists are filtered by, as the contract has it; the first page unless said. */
type ListFilter = Partial<typeof AdminListParams.Type>

const adminEmail = "admin-desk@example.com"
const env = { REGISTRATIONS_PER_ADDRESS: "1000", ADMIN_EMAIL: adminEmail }
const config = { webDist: join(import.meta.dirname, "..", "web", "dist") }
let desk: Browser | undefined
const admin = Effect.suspend(() =>
  desk
    ? Effect.succeed(desk)
    : Effect.map(signUpAdmin("desk", adminEmail), ({ person }) => {
        desk = person
        return person
      }),
)

/** The API's client as the admin. */
const adminApi = Effect.flatMap(admin, clientOf)

const interactions = (api: ApiClient, filter: ListFilter = {}) =>
  api.admin.interactions({ urlParams: { ...firstPage, ...filter } })
const errors = (api: ApiClient, filter: ListFilter = {}) =>
  api.admin.errors({ urlParams: { ...firstPage, ...filter } })

/** Every row of a projection's tables, in a stable order, to compare a rebuild with the live rows. */
const rowsOf = (tables: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const all: Record<string, ReadonlyArray<string>> = {}
    for (const table of tables) {
      const rows = yield* sql.unsafe<{ row: string }>(
        `select row_to_json(t)::text as row from ${table} t`,
      )
      all[table] = rows.map((r) => r.row).sort()
    }
    return all
  })

describeApp({ env, config })("the admin side", (it) => {
  it.effect("answers admins only: 401 for nobody, 404 for anyone else, 200 for an admin", () =>
    Effect.gen(function* () {
      const boss = yield* admin
      const { person } = yield* signUp("curious")
      const calls: ReadonlyArray<readonly [string, string]> = [
        ["GET", "/api/admin/interactions"],
        ["GET", "/api/admin/errors"],
        ["GET", `/api/admin/streams/errors-${new Date().toISOString().slice(0, 10)}`],
        ["GET", "/api/admin/projections"],
        ["POST", "/api/admin/projections/event-counts/rebuild"],
        ["GET", "/api/admin/users?query=desk"],
      ]
      const origin = yield* serverUrl
      // Today's error stream exists once something went wrong today.
      yield* person.post("/api/client-errors", { message: "a page broke" })
      yield* settle
      for (const [method, path] of calls) {
        const send = (who: Browser) => (method === "GET" ? who.get(path) : who.post(path, {}))
        const anonymous = yield* request(path, { method, headers: { origin } })
        expect([path, anonymous.status]).toEqual([path, 401])
        expect([path, (yield* send(person)).status]).toEqual([path, 404])
        expect([path, (yield* send(boss)).status]).toEqual([path, method === "GET" ? 200 : 202])
      }
      yield* settle
    }),
  )

  it.effect("lists what people do, from every module, newest first, by person, type and time", () =>
    Effect.gen(function* () {
      const boss = yield* admin
      const api = yield* adminApi
      const before = new Date()
      const { person, user } = yield* signUp("busy")
      yield* seedGeneration(user.id, "Paper Boats", 1, "Folk, acoustic guitar")
      const [song] = yield* callAs(person, (api) => api.songs.mySongs())
      yield* person.patch(`/api/songs/${song!.id}/privacy`, { isPublic: true })
      yield* person.post(`/api/songs/${song!.id}/like`)
      yield* settle

      const mine = yield* interactions(api, { userId: user.id })
      expect(mine.items.map((i) => i.type)).toEqual([
        "like_song",
        "make_public",
        "save_song",
        "song_generated",
        "verify_email",
        "login",
        "register",
      ])
      expect(mine.total).toBe(7)
      expect(mine.items.find((i) => i.type === "save_song")?.details).toMatchObject({
        songId: song!.id,
        title: "Paper Boats (Version 1)",
        style: "Folk, acoustic guitar",
      })
      expect(mine.items.find((i) => i.type === "register")?.details).toEqual({
        username: user.username,
      })

      const saves = yield* interactions(api, { userId: user.id, type: "save_song" })
      expect(saves.items).toHaveLength(1)
      const paged = yield* interactions(api, { userId: user.id, limit: 2, offset: 2 })
      expect(paged.items.map((i) => i.type)).toEqual(["save_song", "song_generated"])
      expect(paged.total).toBe(7)
      const later = yield* interactions(api, { userId: user.id, from: new Date() })
      expect(later.total).toBe(0)
      const since = yield* interactions(api, { userId: user.id, from: before })
      expect(since.total).toBe(7)

      // Values the contract's own types cannot hold, sent as they are.

      const bad = yield* boss.get("/api/admin/interactions?limit=500&from=yesterday")
      expect(bad.status).toBe(400)
      expect(bad.text).toContain("limit must be a whole number from 1 to 200")
      expect(bad.text).toContain("from must be a date and time")

      const found = yield* api.admin.users({ urlParams: { query: user.username.slice(0, 8) } })
      expect(found.map((u) => u.userId)).toContain(user.id)
    }),
  )

  it.effect("replays a stream: exactly its stored events, in version order, with metadata", () =>
    Effect.gen(function* () {
      const api = yield* adminApi
      const { person, user } = yield* signUp("replayed")
      yield* seedGeneration(user.id, "Echoes", 1)
      const [song] = yield* callAs(person, (api) => api.songs.mySongs())
      yield* person.patch(`/api/songs/${song!.id}/privacy`, { isPublic: true })
      yield* person.patch(`/api/songs/${song!.id}/privacy`, { isPublic: false })
      const streamId = `song-${song!.id}`
      const stored = yield* Effect.flatMap(EventStore, (store) => store.readStream(streamId))
      const replay = yield* api.admin.stream({ path: { streamId } })
      expect(replay.events.map((e) => [e.streamVersion, e.eventId, e.type])).toEqual(
        stored.map((e) => [e.streamVersion, e.eventId, e.type]),
      )
      expect(replay.events.map((e) => e.type)).toEqual([
        "SongSaved",
        "SongMadePublic",
        "SongMadePrivate",
      ])
      expect(replay.events[1]?.metadata).toHaveProperty("actor", { _tag: "User", userId: user.id })
      expect(replay.events[0]?.data).toEqual(stored[0]?.data)
      const missing = yield* Effect.flip(
        api.admin.stream({ path: { streamId: "song-nothing-here" } }),
      )
      expect(missing._tag).toBe("NotFound")
    }),
  )

  it.effect(
    "records errors from the browser, failed generations and poison events, never a secret",
    () =>
      Effect.gen(function* () {
        const api = yield* adminApi
        const { person, user } = yield* signUp("unlucky")
        const secrets = ["hunter2-password", "sk_live_abcdef123456", "tok-9f8e7d6c5b4a"]
        // Answered 202: the typed client reads a success only at the status the contract gives it.
        yield* callAs(person, (api) =>
          api.system.reportClientError({
            payload: {
              message: `Checkout crashed with key sk_live_abcdef123456`,
              stack:
                "Error: boom\n    at pay (checkout.tsx:10)\n    Authorization: Bearer tok-9f8e7d6c5b4a",
              url: "https://melody.example/reset?token=tok-9f8e7d6c5b4a&page=2",
              context: { password: "hunter2-password", cookie: "melody_session=abc", step: "pay" },
            },
          }),
        )

        // A generation that failed at the provider.
        const store = yield* EventStore
        const generationId = crypto.randomUUID()
        yield* store.append(`generation-${generationId}`, "any", [
          toNewEvent(SongGenerationFailed)(
            new SongGenerationFailed({
              generationId,
              userId: user.id,
              status: "GENERATE_AUDIO_FAILED",
              reason: "The provider could not make the song.",
              credits: 5,
            }),
            { actor: Actors.system("media"), correlationId: generationId },
            crypto.randomUUID(),
          ),
        ])

        // A poison event: a song saved with data no reader can decode.
        yield* store.append(`song-${crypto.randomUUID()}`, "any", [
          {
            eventId: crypto.randomUUID(),
            type: "SongSaved",
            schemaVersion: 1,
            data: { _tag: "SongSaved", songId: 42 },
            metadata: { actor: Actors.system("test"), correlationId: "poison" },
          },
        ])
        yield* settle

        const mine = yield* errors(api, { userId: user.id })
        const client = mine.items.find((e) => e.source === "client")
        expect(client?.error).toContain("Checkout crashed")
        expect(client?.context).toMatchObject({ step: "pay" })
        expect(mine.items.find((e) => e.source === "provider")).toMatchObject({
          error:
            "Song generation failed (GENERATE_AUDIO_FAILED): The provider could not make the song.",
          context: { generationId },
        })
        const poison = (yield* errors(api, { type: "subscription" })).items.filter(
          (e) => e.context.eventType === "SongSaved",
        )
        expect(poison.map((e) => e.context.subscription).sort()).toEqual(
          expect.arrayContaining(["projection:library", "projection:timeline"]),
        )
        const states = yield* api.projections.status()
        const library = states.find((s) => s.name === "library")
        expect(library?.deadLetters).toBeGreaterThanOrEqual(1)
        expect(library?.status).toBe("running")

        const everything = JSON.stringify((yield* errors(api, { limit: 200 })).items)
        for (const secret of secrets) expect(everything).not.toContain(secret)
        expect(everything).not.toContain("melody_session=abc")
      }),
  )

  it.effect("rebuilds every projection to exactly the rows it had", () =>
    Effect.gen(function* () {
      const api = yield* adminApi
      const { person, user } = yield* signUp("rebuilt")
      yield* seedGeneration(user.id, "Second Time Around", 2, "Rock, male vocals")
      const songs = yield* callAs(person, (api) => api.songs.mySongs())
      yield* person.patch(`/api/songs/${songs[0]!.id}/privacy`, { isPublic: true })
      const fan = yield* signUp("fan")
      yield* fan.person.post(`/api/songs/${songs[0]!.id}/like`)
      yield* settle
      for (const projection of projections) {
        const journal = projection.journalTables ?? []
        const model = projection.tables.filter((table) => !journal.includes(table))
        const live = yield* rowsOf(model)
        // Answered 202: the typed client reads a success only at the status the contract gives it.
        yield* api.projections.rebuild({ path: { name: projection.name } })
        yield* settle
        expect([projection.name, yield* rowsOf(model)]).toEqual([projection.name, live])
      }
      const unknown = yield* Effect.flip(api.projections.rebuild({ path: { name: "nothing" } }))
      expect(unknown._tag).toBe("NotFound")
    }),
  )

  it.effect("takes a browser's error reports in moderation", () =>
    Effect.gen(function* () {
      const { person } = yield* signUp("noisy")
      const statuses: Array<number> = []
      for (let i = 0; i < 32; i++) {
        statuses.push((yield* person.post("/api/client-errors", { message: `loop ${i}` })).status)
      }
      expect(statuses.filter((s) => s === 202).length).toBeLessThanOrEqual(30)
      expect(statuses.at(-1)).toBe(429)
      yield* settle
    }),
  )
})
