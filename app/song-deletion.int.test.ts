import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { catalogStreams } from "#events/contracts/catalog.ts"
import { EventStore } from "#events/store/index.ts"
import { VideoExport } from "#modules/videos/api.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { describeApp, request, runJobs, settle } from "./testing.ts"
import { type ApiClient, clientOf, signedUpWithClient } from "./testing-client.ts"
import { seedGeneration } from "./testing-songs.ts"

const env = { REGISTRATIONS_PER_ADDRESS: "1000" }
const synced = { lines: [{ text: "A song called Gone", startMs: 500, endMs: 1_500, words: [] }] }

const ids = (songs: ReadonlyArray<{ readonly id: string }>) => songs.map((song) => song.id)

/** A signed-in person: their browser, and the API's client as them. */
describeApp({ env })("deleting songs", (it) => {
  it.effect(
    "takes a song off the library, the timeline, likes, its page and the file store; the event says who and when",
    () =>
      Effect.gen(function* () {
        const { person, api, user } = yield* signedUpWithClient("owner")
        const cover = new TextEncoder().encode("a cover")
        const { versions } = yield* seedGeneration(user.id, "Gone", 2, "Pop", { cover, synced })
        const mine = yield* api.songs.mySongs()
        const gone = mine.find((song) => song.title === "Gone (Version 1)")!
        const kept = mine.find((song) => song.title === "Gone (Version 2)")!
        const path = { id: gone.id }
        yield* api.catalog.setPrivacy({ path, payload: { isPublic: true } })
        const { person: fan, api: fans } = yield* signedUpWithClient("fan")
        yield* fans.catalog.like({ path })
        yield* settle
        const credits = yield* api.creditLedger.credits()

        // Nobody else can delete it.
        expect((yield* request(`/api/songs/${gone.id}`, { method: "DELETE" })).status).toBe(401)
        expect((yield* fan.send(`/api/songs/${gone.id}`, { method: "DELETE" })).status).toBe(404)
        expect((yield* person.get(`/api/songs/${gone.id}`)).status).toBe(200)

        const deleted = yield* api.catalog.deleteSong({ path, urlParams: {} })
        expect(deleted).toEqual({ songIds: [gone.id] })
        for (const viewer of [person, fan]) {
          expect((yield* viewer.get(`/api/songs/${gone.id}`)).status).toBe(404)
          expect((yield* viewer.send(`/api/songs/${gone.id}/audio`)).status).toBe(404)
        }
        expect(ids(yield* api.songs.mySongs())).toEqual([kept.id])
        expect(ids(yield* fans.songs.likedSongs())).toEqual([])
        const anyone = yield* clientOf()
        const timeline = yield* anyone.songs.publicSongs({ urlParams: { limit: 20, offset: 0 } })
        expect(ids(timeline.songs)).not.toContain(gone.id)
        expect(yield* api.creditLedger.credits()).toEqual(credits)
        const again = yield* Effect.flip(api.catalog.deleteSong({ path, urlParams: {} }))
        expect(again._tag).toBe("NotFound")
        const liked = yield* Effect.flip(fans.catalog.like({ path }))
        expect(liked._tag).toBe("NotFound")

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
      const { person, api, user } = yield* signedUpWithClient("tidy")
      yield* seedGeneration(user.id, "Both", 2)
      yield* seedGeneration(user.id, "Other", 1)
      const mine = yield* api.songs.mySongs()
      const first = mine.find((song) => song.title === "Both (Version 1)")!
      const second = mine.find((song) => song.title === "Both (Version 2)")!
      const other = mine.find((song) => song.title === "Other (Version 1)")!
      // A choice the contract does not offer, sent as it is.
      const bad = yield* person.send(`/api/songs/${first.id}?versions=some`, { method: "DELETE" })
      expect(bad.status).toBe(400)
      expect(ids(yield* api.songs.mySongs())).toHaveLength(3)

      const deleted = yield* api.catalog.deleteSong({
        path: { id: first.id },
        urlParams: { versions: "all" },
      })
      expect(new Set(deleted.songIds)).toEqual(new Set([first.id, second.id]))
      expect(ids(yield* api.songs.mySongs())).toEqual([other.id])
    }),
  )

  it.effect("takes its videos along, whoever made them, and one finished after it", () =>
    Effect.gen(function* () {
      const { person, api, user } = yield* signedUpWithClient("filmed")
      yield* seedGeneration(user.id, "Reel", 1, "Pop", { seconds: 2 })
      const [song] = yield* api.songs.mySongs()
      const path = { id: song!.id }
      yield* api.catalog.setPrivacy({ path, payload: { isPublic: true } })
      const { person: fan, api: fans } = yield* signedUpWithClient("filming-fan")
      // Answered 202 with the job, not with the file (which is for Accept: video/mp4).
      const exportBy = (who: ApiClient, format: "tiktok" | "youtube" | "instagram-story") =>
        Effect.flatMap(
          who.videos.exportVideo({ payload: { songId: song!.id, format } }),
          (answer) =>
            answer instanceof VideoExport
              ? Effect.succeed(answer.id)
              : Effect.die(new Error("the export answered with the file, not the job")),
        )
      const made = [yield* exportBy(api, "tiktok"), yield* exportBy(fans, "youtube")]
      yield* runJobs
      expect((yield* person.get(`/api/videos/${made[0]}/file`)).status).toBe(200)
      expect((yield* fan.get(`/api/videos/${made[1]}/file`)).status).toBe(200)
      const late = yield* exportBy(api, "instagram-story")

      yield* api.catalog.deleteSong({ path, urlParams: {} })
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
