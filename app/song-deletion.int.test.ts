import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { catalogStreams } from "#events/contracts/catalog.ts"
import { EventStore } from "#events/store/index.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { describeApp, request, runJobs, settle, signUp } from "./testing.ts"
import { seedGeneration } from "./testing-songs.ts"

const env = { REGISTRATIONS_PER_ADDRESS: "1000" }
const synced = { lines: [{ text: "A song called Gone", startMs: 500, endMs: 1_500, words: [] }] }

interface Song {
  readonly id: string
  readonly title: string
}
const ids = (songs: unknown) => (songs as ReadonlyArray<Song>).map((song) => song.id)

describeApp({ env })("deleting songs", (it) => {
  it.effect(
    "takes a song off the library, the timeline, likes, its page and the file store; the event says who and when",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* signUp("owner")
        const cover = new TextEncoder().encode("a cover")
        const { versions } = yield* seedGeneration(user.id, "Gone", 2, "Pop", { cover, synced })
        const mine = (yield* person.get("/api/songs/my-songs")).body as ReadonlyArray<Song>
        const gone = mine.find((song) => song.title === "Gone (Version 1)")!
        const kept = mine.find((song) => song.title === "Gone (Version 2)")!
        yield* person.patch(`/api/songs/${gone.id}/privacy`, { isPublic: true })
        const { person: fan } = yield* signUp("fan")
        expect((yield* fan.post(`/api/songs/${gone.id}/like`)).status).toBe(200)
        yield* settle
        const credits = (yield* person.get("/api/credits")).body

        // Nobody else can delete it.
        expect((yield* request(`/api/songs/${gone.id}`, { method: "DELETE" })).status).toBe(401)
        expect((yield* fan.send(`/api/songs/${gone.id}`, { method: "DELETE" })).status).toBe(404)
        expect((yield* person.get(`/api/songs/${gone.id}`)).status).toBe(200)

        const deleted = yield* person.send(`/api/songs/${gone.id}`, { method: "DELETE" })
        expect(deleted.status).toBe(200)
        expect(deleted.body).toEqual({ songIds: [gone.id] })
        for (const viewer of [person, fan]) {
          expect((yield* viewer.get(`/api/songs/${gone.id}`)).status).toBe(404)
          expect((yield* viewer.send(`/api/songs/${gone.id}/audio`)).status).toBe(404)
        }
        expect(ids((yield* person.get("/api/songs/my-songs")).body)).toEqual([kept.id])
        expect(ids((yield* fan.get("/api/songs/liked")).body)).toEqual([])
        const timeline = (yield* request("/api/songs/public")).body as {
          songs: ReadonlyArray<Song>
        }
        expect(ids(timeline.songs)).not.toContain(gone.id)
        expect((yield* person.get("/api/credits")).body).toEqual(credits)
        expect((yield* person.send(`/api/songs/${gone.id}`, { method: "DELETE" })).status).toBe(404)
        expect((yield* fan.post(`/api/songs/${gone.id}/like`)).status).toBe(404)

        // Who and when, on the song's own stream.
        const store = yield* EventStore
        const last = (yield* store.readStream(catalogStreams.song(gone.id))).at(-1)!
        expect(last.type).toBe("SongDeleted")
        expect(last.data).toMatchObject({ songId: gone.id, userId: user.id })
        expect(
          Date.now() - Date.parse((last.data as { deletedAt: string }).deletedAt),
        ).toBeLessThan(60_000)

        // Its files are gone; the other version's stay.
        yield* settle
        const storage = yield* FileStorage
        const [first, second] = versions
        for (const key of [first!.audioKey, first!.imageKey!, first!.syncedLyricsKey!])
          expect(yield* storage.stat(key)).toBeUndefined()
        expect(yield* storage.stat(second!.audioKey)).toBeDefined()
      }),
  )

  it.effect("with all its versions, when asked, and only the asker's", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("tidy")
      yield* seedGeneration(user.id, "Both", 2)
      yield* seedGeneration(user.id, "Other", 1)
      const mine = (yield* person.get("/api/songs/my-songs")).body as ReadonlyArray<Song>
      const first = mine.find((song) => song.title === "Both (Version 1)")!
      const second = mine.find((song) => song.title === "Both (Version 2)")!
      const other = mine.find((song) => song.title === "Other (Version 1)")!
      const bad = yield* person.send(`/api/songs/${first.id}?versions=some`, { method: "DELETE" })
      expect(bad.status).toBe(400)
      expect(ids((yield* person.get("/api/songs/my-songs")).body)).toHaveLength(3)

      const deleted = yield* person.send(`/api/songs/${first.id}?versions=all`, {
        method: "DELETE",
      })
      expect(deleted.status).toBe(200)
      expect(new Set((deleted.body as { songIds: ReadonlyArray<string> }).songIds)).toEqual(
        new Set([first.id, second.id]),
      )
      expect(ids((yield* person.get("/api/songs/my-songs")).body)).toEqual([other.id])
    }),
  )

  it.effect("takes its videos along, whoever made them, and one finished after it", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("filmed")
      yield* seedGeneration(user.id, "Reel", 1, "Pop", { seconds: 2 })
      const [song] = (yield* person.get("/api/songs/my-songs")).body as ReadonlyArray<Song>
      yield* person.patch(`/api/songs/${song!.id}/privacy`, { isPublic: true })
      const { person: fan } = yield* signUp("filming-fan")
      const exportBy = (who: typeof person, format: string) =>
        Effect.map(who.post("/api/videos/generate", { songId: song!.id, format }), (answer) => {
          expect(answer.status, answer.text).toBe(202)
          return (answer.body as { id: string }).id
        })
      const made = [yield* exportBy(person, "tiktok"), yield* exportBy(fan, "youtube")]
      yield* runJobs
      expect((yield* person.get(`/api/videos/${made[0]}/file`)).status).toBe(200)
      expect((yield* fan.get(`/api/videos/${made[1]}/file`)).status).toBe(200)
      const late = yield* exportBy(person, "instagram-story")

      yield* person.send(`/api/songs/${song!.id}`, { method: "DELETE" })
      yield* settle
      yield* runJobs
      yield* settle
      const storage = yield* FileStorage
      for (const id of [...made, late])
        expect(yield* storage.stat(`videos/${id}.mp4`), id).toBeUndefined()
      expect((yield* person.get(`/api/videos/${made[0]}/file`)).status).toBe(404)
      expect((yield* fan.get(`/api/videos/${made[1]}/file`)).status).toBe(404)
    }),
  )
})
