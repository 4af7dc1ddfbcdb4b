import { join } from "node:path"
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import {
  type Answer,
  type browser,
  describeApp,
  request,
  serverUrl,
  settle,
  signUp,
  signUpAdmin,
} from "#app/testing.ts"
import { callAs, clientOf, decodeBody } from "#app/testing-client.ts"
import { seedGeneration } from "#app/testing-songs.ts"
import { Actors } from "#events/contracts/actor.ts"
import { catalogStreams, SongLiked } from "#events/contracts/catalog.ts"
import { EventStore, toNewEvent } from "#events/store/index.ts"
import { versionAudioPath } from "#modules/music/api-version-paths.ts"
import { rebuildProjection } from "#projections/runner.ts"
import { PublicSongs } from "#projections/songs/api.ts"
import { library } from "#projections/songs/library.ts"
import { timeline } from "#projections/songs/timeline.ts"
import { probeAudio } from "#toolkit/test-audio.ts"
import { SaveSongPayload } from "./api.ts"

const env = { REGISTRATIONS_PER_ADDRESS: "1000", ADMIN_EMAIL: "curator@example.com" }

type Browser = ReturnType<typeof browser>

/** A timeline page asked for by its address (the edge keeps answers by it), read with the contract. */
const timelinePage = (answer: Answer) => decodeBody(PublicSongs, answer)

/** What the music module delivers: the catalog saves a generation's versions as private songs. */
const generated = seedGeneration

const mySongs = (person: Browser) => callAs(person, (api) => api.songs.mySongs())

/** A person with one public song of two versions: the first made public. */
const publicSong = (title: string, style?: string) =>
  Effect.gen(function* () {
    const owner = yield* signUp("owner")
    yield* generated(owner.user.id, title, 1, style)
    const [song] = yield* mySongs(owner.person)
    yield* owner.person.patch(`/api/songs/${song!.id}/privacy`, { isPublic: true })
    return { owner, song: song! }
  })

describeApp({ env, config: { webDist: join(import.meta.dirname, "..", "..", "web", "dist") } })(
  "the catalog",
  (it) => {
    describe("a generation's versions", () => {
      it.effect(
        "are saved at once as private songs, 'Title (Version N)', for their owner only",
        () =>
          Effect.gen(function* () {
            const owner = yield* signUp("owner")
            const other = yield* signUp("other")
            const { generationId } = yield* generated(owner.user.id, "Harbour Lights", 2)
            const songs = yield* mySongs(owner.person)
            expect(songs.map((s) => s.title).sort()).toEqual([
              "Harbour Lights (Version 1)",
              "Harbour Lights (Version 2)",
            ])
            expect(
              songs.every((s) => !s.isPublic && s.taskId === generationId && s.duration === 2000),
            ).toBe(true)
            expect(songs[0]?.creator.username).toBe(owner.user.username)
            const id = songs[0]!.id
            expect((yield* owner.person.get(`/api/songs/${id}`)).status).toBe(200)
            for (const path of [
              `/api/songs/${id}`,
              `/api/songs/${id}/audio`,
              `/api/songs/${id}/wav`,
            ]) {
              expect((yield* other.person.get(path)).status, path).toBe(404)
              expect((yield* request(path)).status, path).toBe(404)
            }
            expect(yield* mySongs(other.person)).toEqual([])
            const page = timelinePage(yield* request("/api/songs/public"))
            expect(page.songs.some((s) => s.id === id)).toBe(false)
          }),
      )

      it.effect(
        "can be saved by their owner through POST /api/songs, once, and from nothing else",
        () =>
          Effect.gen(function* () {
            const owner = yield* signUp("owner")
            const other = yield* signUp("other")
            const { versions } = yield* generated(owner.user.id, "Night Bus", 1)
            const payload = SaveSongPayload.make({
              title: "Night Bus (Version 1)",
              audioUrl: versionAudioPath(versions[0]!.versionId),
              streamAudioUrl: null,
              duration: 2000,
              isPublic: true,
              style: "Pop",
              lyrics: "[Verse 1]",
              imageUrl: null,
            })
            const save = (who: Browser, payload: SaveSongPayload) =>
              callAs(who, (api) => api.catalog.saveSong({ payload }))
            const saved = yield* save(owner.person, payload)
            expect(saved).toMatchObject({ isPublic: true, partsShared: false })
            const again = yield* save(owner.person, payload)
            expect(again.id).toBe(saved.id)
            const [kept, ...more] = yield* mySongs(owner.person)
            expect(more).toEqual([])
            expect(kept).toMatchObject({
              id: saved.id,
              title: "Night Bus (Version 1)",
              isPublic: true,
            })

            for (const [who, audioUrl] of [
              [other.person, payload.audioUrl],
              [owner.person, "https://cdn.example.com/free-song.mp3"],
              [owner.person, versionAudioPath(crypto.randomUUID())],
            ] as const) {
              const refused = yield* Effect.flip(save(who, { ...payload, audioUrl }))
              expect(refused._tag).toBe("UnknownAudio")
            }
            // A blank title, which the contract trims on the server's side only.
            const untitled = yield* owner.person.post("/api/songs", { ...payload, title: "  " })
            expect(untitled.status).toBe(400)
            expect(
              (yield* request("/api/songs", {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify(payload),
              })).status,
            ).toBe(401)
          }),
      )
    })

    describe("privacy", () => {
      it.effect(
        "the owner's switch puts a song on the timeline and takes it off; nobody else's does",
        () =>
          Effect.gen(function* () {
            const owner = yield* signUp("owner")
            const other = yield* signUp("other")
            const curator = yield* signUpAdmin("curator", "curator@example.com")
            yield* generated(owner.user.id, "Paper Boats", 1)
            const [song] = yield* mySongs(owner.person)
            for (const who of [other.person, curator.person]) {
              expect(
                (yield* who.patch(`/api/songs/${song!.id}/privacy`, { isPublic: true })).status,
              ).toBe(404)
            }
            expect(
              (yield* request(`/api/songs/${song!.id}/privacy`, {
                method: "PATCH",
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ isPublic: true }),
              })).status,
            ).toBe(401)
            const shown = yield* callAs(owner.person, (api) =>
              api.catalog.setPrivacy({ path: { id: song!.id }, payload: { isPublic: true } }),
            )
            expect(shown.isPublic).toBe(true)
            // Read-your-writes: the timeline has it at once.
            const page = timelinePage(yield* other.person.get("/api/songs/public?limit=50"))
            expect(page.songs.map((s) => s.id)).toContain(song!.id)
            expect((yield* other.person.get(`/api/songs/${song!.id}`)).status).toBe(200)
            yield* owner.person.patch(`/api/songs/${song!.id}/privacy`, { isPublic: false })
            expect((yield* other.person.get(`/api/songs/${song!.id}`)).status).toBe(404)
            const bad = yield* owner.person.patch(`/api/songs/${song!.id}/privacy`, {
              isPublic: "yes",
            })
            expect(bad.status).toBe(400)
          }),
      )
    })

    describe("likes", () => {
      it.effect(
        "count once per person, never below zero, on public songs only, and need an account",
        () =>
          Effect.gen(function* () {
            const { owner, song } = yield* publicSong("Tide Song")
            const fan = yield* signUp("fan")
            const seen = () =>
              callAs(fan.person, (api) => api.songs.song({ path: { id: song.id } }))
            const liked = yield* fan.person.post(`/api/songs/${song.id}/like`)
            expect(liked.body).toEqual({ liked: true })
            expect((yield* fan.person.post(`/api/songs/${song.id}/like`)).body).toEqual({
              liked: true,
            })
            expect(yield* seen()).toMatchObject({ likes: 1, liked: true })
            expect(
              (yield* callAs(fan.person, (api) => api.songs.likedSongs())).map((s) => s.id),
            ).toEqual([song.id])
            for (let unlike = 1; unlike <= 2; unlike++) {
              expect(
                (yield* fan.person.send(`/api/songs/${song.id}/like`, { method: "DELETE" })).body,
              ).toEqual({ liked: false })
              expect(yield* seen()).toMatchObject({ likes: 0, liked: false })
            }
            expect((yield* request(`/api/songs/${song.id}/like`, { method: "POST" })).status).toBe(
              401,
            )

            yield* owner.person.patch(`/api/songs/${song.id}/privacy`, { isPublic: false })
            expect((yield* fan.person.post(`/api/songs/${song.id}/like`)).status).toBe(404)
            const own = yield* owner.person.post(`/api/songs/${song.id}/like`)
            expect(own.status).toBe(409)
            expect(own.body).toMatchObject({ message: "Only public songs can be liked." })
            expect((yield* fan.person.post(`/api/songs/${crypto.randomUUID()}/like`)).status).toBe(
              404,
            )
          }),
      )

      it.effect("50 likes at once from one person count one; from 50 people, fifty", () =>
        Effect.gen(function* () {
          const { song } = yield* publicSong("Crowd Pleaser")
          const fan = yield* signUp("fan")
          yield* Effect.all(
            Array.from({ length: 50 }, () => fan.person.post(`/api/songs/${song.id}/like`)),
            { concurrency: "unbounded" },
          )
          yield* settle
          const path = { id: song.id }
          expect(yield* callAs(fan.person, (api) => api.songs.song({ path }))).toMatchObject({
            likes: 1,
            liked: true,
          })
          const fans = yield* Effect.all(
            Array.from({ length: 49 }, () => signUp("crowd")),
            { concurrency: 8 },
          )
          yield* Effect.all(
            fans.map((f) => f.person.post(`/api/songs/${song.id}/like`)),
            { concurrency: "unbounded" },
          )
          yield* settle
          const anyone = yield* clientOf()
          expect((yield* anyone.songs.song({ path })).likes).toBe(50)
        }),
      )
    })

    describe("the timeline", () => {
      it.effect(
        "pages stay whole while songs are liked between them: nothing twice, nothing missed",
        () =>
          Effect.gen(function* () {
            const owner = yield* signUp("prolific")
            for (let i = 0; i < 5; i++) yield* generated(owner.user.id, `Track ${i}`, 5, "Rock")
            const songs = yield* mySongs(owner.person)
            yield* Effect.forEach(
              songs,
              (s) => owner.person.patch(`/api/songs/${s.id}/privacy`, { isPublic: true }),
              { concurrency: 5 },
            )
            const fans = yield* Effect.all(Array.from({ length: 3 }, () => signUp("fan")))
            const viewer = yield* signUp("viewer")
            const pageAt = (offset: number, snapshot?: number) =>
              callAs(viewer.person, (api) =>
                api.songs.publicSongs({
                  urlParams:
                    snapshot === undefined
                      ? { limit: 10, offset }
                      : { limit: 10, offset, snapshot },
                }),
              )
            const first = yield* pageAt(0)
            const everyPublic = first.total
            expect(everyPublic).toBeGreaterThanOrEqual(25)
            // Songs far down the list are liked: they would jump onto the first page.
            const seenFirst = new Set(first.songs.map((s) => s.id))
            const climbers = songs.filter((s) => !seenFirst.has(s.id)).slice(0, 4)
            for (const fan of fans) {
              for (const climber of climbers)
                yield* fan.person.post(`/api/songs/${climber.id}/like`)
            }
            // And a new song appears, and one of page one's songs leaves.
            yield* generated(owner.user.id, "Late Arrival", 1, "Rock")
            const late = (yield* mySongs(owner.person)).find((s) =>
              s.title.startsWith("Late Arrival"),
            )!
            yield* owner.person.patch(`/api/songs/${late.id}/privacy`, { isPublic: true })

            const ids = [...first.songs.map((s) => s.id)]
            for (let offset = 10; offset < everyPublic + 10; offset += 10) {
              const page = yield* pageAt(offset, first.snapshot)
              expect(page.snapshot).toBe(first.snapshot)
              expect(page.total).toBe(everyPublic)
              ids.push(...page.songs.map((s) => s.id))
            }
            expect(new Set(ids).size).toBe(ids.length)
            expect(ids).toHaveLength(everyPublic)
            expect(ids).not.toContain(late.id)
            for (const climber of climbers) expect(ids).toContain(climber.id)

            // A new first page sees the new order: the liked songs first, the new song counted.
            const fresh = yield* pageAt(0)
            expect(fresh.total).toBe(everyPublic + 1)
            // Other tests' songs share this timeline: look at this owner's only.
            const mine = new Set([...songs.map((s) => s.id), late.id])
            const ranked = fresh.songs.filter((s) => mine.has(s.id))
            expect(
              ranked
                .slice(0, 4)
                .map((s) => s.id)
                .sort(),
            ).toEqual(climbers.map((c) => c.id).sort())
            expect(ranked.slice(0, 4).every((s) => s.likes === 3)).toBe(true)
          }),
      )

      it.effect(
        "kept pages follow a like written by another server within moments; each reader sees their own hearts",
        () =>
          Effect.gen(function* () {
            const { song } = yield* publicSong("Shared Page", "Folk")
            const fan = yield* signUp("fan")
            const listener = yield* signUp("listener")
            const find = (answer: Answer) =>
              timelinePage(answer).songs.find((s) => s.id === song.id)
            const url = "/api/songs/public?limit=50&offset=0"
            expect(find(yield* request(url))?.likes).toBe(0)

            // Another replica's write: straight into the store, without this server's catalog.
            const store = yield* EventStore
            yield* store.append(catalogStreams.like(song.id, fan.user.id), "no_stream", [
              toNewEvent(SongLiked)(
                new SongLiked({ songId: song.id, userId: fan.user.id }),
                { actor: Actors.user(fan.user.id), correlationId: crypto.randomUUID() },
                crypto.randomUUID(),
              ),
            ])
            yield* settle
            let likes = 0
            for (let attempt = 0; attempt < 40 && likes === 0; attempt++) {
              likes = find(yield* request(url))?.likes ?? 0
              if (likes === 0) yield* Effect.sleep("25 millis")
            }
            expect(likes).toBe(1)

            // One kept page, three readers: the fan's heart is the fan's alone.
            expect(find(yield* fan.person.get(url))?.liked).toBe(true)
            expect(find(yield* listener.person.get(url))?.liked).toBe(false)
            expect(find(yield* request(url))?.liked).toBe(false)
          }),
      )

      it.effect(
        "anonymous readers share one cached response, which a like, a switch or a sign-in sees past",
        () =>
          Effect.gen(function* () {
            const { owner, song } = yield* publicSong("Cached Response")
            const fan = yield* signUp("fan")
            const url = "/api/songs/public?limit=50&offset=0"
            const mine = (answer: Answer) =>
              timelinePage(answer).songs.find((s) => s.id === song.id)
            const first = yield* request(url)
            expect(mine(first)).toMatchObject({ likes: 0, liked: false })
            expect(yield* request(url)).toMatchObject({ status: 200, body: first.body })
            // Each answer still carries its own request id and the security headers.
            const again = yield* request(url)
            expect(again.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"))
            expect(again.headers.get("content-security-policy")).toContain("default-src 'self'")

            yield* fan.person.post(`/api/songs/${song.id}/like`)
            expect(mine(yield* request(url))).toMatchObject({ likes: 1, liked: false })
            // Someone signed in is never given the anonymous answer.
            expect(mine(yield* fan.person.get(url))).toMatchObject({ likes: 1, liked: true })
            yield* owner.person.patch(`/api/songs/${song.id}/privacy`, { isPublic: false })
            expect(mine(yield* request(url))).toBeUndefined()
          }),
      )

      it.effect(
        "a signed-in reader's answer stays theirs: their own like shows at once, and it ends with the session",
        () =>
          Effect.gen(function* () {
            const { song } = yield* publicSong("Personal Page")
            const fan = yield* signUp("fan")
            const listener = yield* signUp("listener")
            const url = "/api/songs/public?limit=50&offset=0"
            const mine = (answer: Answer) =>
              timelinePage(answer).songs.find((s) => s.id === song.id)
            yield* fan.person.post(`/api/songs/${song.id}/like`)
            for (let read = 0; read < 3; read++) {
              expect(mine(yield* fan.person.get(url))).toMatchObject({ likes: 1, liked: true })
              expect(mine(yield* listener.person.get(url))).toMatchObject({
                likes: 1,
                liked: false,
              })
            }
            yield* fan.person.send(`/api/songs/${song.id}/like`, { method: "DELETE" })
            expect(mine(yield* fan.person.get(url))).toMatchObject({ likes: 0, liked: false })
            yield* fan.person.post(`/api/songs/${song.id}/like`)
            expect(mine(yield* fan.person.get(url))).toMatchObject({ likes: 1, liked: true })

            // The cookie from before the sign-out reads the timeline as anyone does, at once.
            const cookie = [...fan.person.cookies].map(([k, v]) => `${k}=${v}`).join("; ")
            expect((yield* fan.person.post("/api/logout")).status).toBe(200)
            const stale = yield* request(url, { headers: { cookie } })
            expect(stale.status).toBe(200)
            expect(mine(stale)).toMatchObject({ likes: 1, liked: false })
          }),
      )

      it.effect("is read without an account; its parameters are checked", () =>
        Effect.gen(function* () {
          const page = yield* request("/api/songs/public?limit=20&offset=0")
          expect(page.status).toBe(200)
          expect(timelinePage(page).songs.every((s) => s.liked === false)).toBe(true)
          for (const query of ["limit=0", "limit=51", "offset=-1", "limit=abc", "snapshot=x"]) {
            expect((yield* request(`/api/songs/public?${query}`)).status, query).toBe(400)
          }
        }),
      )
    })

    it.effect("the read models rebuilt from zero answer exactly as before", () =>
      Effect.gen(function* () {
        const { owner, song } = yield* publicSong("Rebuilt")
        yield* owner.person.post(`/api/songs/${song.id}/plays`)
        yield* request(`/api/songs/${song.id}/plays`, { method: "POST" })
        yield* settle
        // The answers' JSON as sent, whatever the contract makes of it.
        const timelineBefore = yield* request("/api/songs/public?limit=50")
        const dailyPlays = `/api/songs/${song.id}/daily-plays`
        const before = [
          timelineBefore.body,
          (yield* owner.person.get("/api/songs/my-songs")).body,
          (yield* owner.person.get(dailyPlays)).body,
        ]
        yield* rebuildProjection(timeline)
        yield* rebuildProjection(library)
        const after = [
          (yield* request("/api/songs/public?limit=50")).body,
          (yield* owner.person.get("/api/songs/my-songs")).body,
          (yield* owner.person.get(dailyPlays)).body,
        ]
        // The snapshot counts the timeline's own changes, which a rebuild numbers afresh.
        const withoutSnapshot = (pages: unknown[]) =>
          pages.map((p) =>
            p && typeof p === "object" && "snapshot" in p ? { ...p, snapshot: 0 } : p,
          )
        expect(withoutSnapshot(after)).toEqual(withoutSnapshot(before))
        const played = timelinePage(timelineBefore).songs.find((s) => s.id === song.id)
        expect(played?.plays).toBe(2)
      }),
    )

    describe("audio", () => {
      it.effect("plays with byte ranges, downloads as '{title}.mp3', converts to 16-bit WAV", () =>
        Effect.gen(function* () {
          const { owner, song } = yield* publicSong('Café "Noir"')
          const base = yield* serverUrl
          const whole = yield* Effect.promise(() => fetch(`${base}${song.audioUrl}`))
          expect(whole.status).toBe(200)
          expect(whole.headers.get("accept-ranges")).toBe("bytes")
          expect(whole.headers.get("content-type")).toBe("audio/mpeg")
          const size = Number(whole.headers.get("content-length"))
          expect((yield* Effect.promise(() => whole.arrayBuffer())).byteLength).toBe(size)

          const part = yield* Effect.promise(() =>
            fetch(`${base}${song.audioUrl}`, { headers: { range: "bytes=100-199" } }),
          )
          expect(part.status).toBe(206)
          expect(part.headers.get("content-range")).toBe(`bytes 100-199/${size}`)
          expect((yield* Effect.promise(() => part.arrayBuffer())).byteLength).toBe(100)
          const beyond = yield* Effect.promise(() =>
            fetch(`${base}${song.audioUrl}`, { headers: { range: `bytes=${size}-` } }),
          )
          expect(beyond.status).toBe(416)
          expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`)

          const download = yield* Effect.promise(() => fetch(`${base}${song.audioUrl}?download=1`))
          expect(download.headers.get("content-disposition")).toContain(
            `filename*=UTF-8''${encodeURIComponent("Café Noir (Version 1).mp3")}`,
          )

          // Converted once for its owner (a conversion is for a verified person), then read by anyone.
          expect((yield* owner.person.get(`/api/songs/${song.id}/wav`)).status).toBe(200)
          const wav = yield* Effect.promise(() => fetch(`${base}/api/songs/${song.id}/wav`))
          expect(wav.status).toBe(200)
          expect(wav.headers.get("content-type")).toBe("audio/wav")
          expect(wav.headers.get("content-disposition")).toContain(
            encodeURIComponent("Café Noir (Version 1).wav"),
          )
          const probed = yield* probeAudio(
            new Uint8Array(yield* Effect.promise(() => wav.arrayBuffer())),
          )
          expect(probed).toMatchObject({ codec: "pcm_s16le", bitsPerSample: 16 })
          expect(probed.seconds).toBeGreaterThan(1.9)
          expect(probed.seconds).toBeLessThan(2.2)
          const wavPart = yield* Effect.promise(() =>
            fetch(`${base}/api/songs/${song.id}/wav`, { headers: { range: "bytes=0-43" } }),
          )
          expect(wavPart.status).toBe(206)
          expect(
            new TextDecoder().decode(
              (yield* Effect.promise(() => wavPart.arrayBuffer())).slice(0, 4),
            ),
          ).toBe("RIFF")
          expect((yield* request(`/api/songs/${song.id}/cover`)).status).toBe(404)
        }),
      )
    })
  },
)
