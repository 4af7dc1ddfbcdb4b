import { expect } from "@effect/vitest"
import { Effect } from "effect"
import sharp from "sharp"
import { sizedCoverOf } from "#toolkit/storage/cover-keys.ts"
import { CoverSizer, FileStorage } from "#toolkit/storage/index.ts"
import { describeApp, request, settle, signUp } from "./testing.ts"
import { callAs } from "./testing-client.ts"
import { seedGeneration } from "./testing-songs.ts"

const env = { REGISTRATIONS_PER_ADDRESS: "1000" }
const webp = { headers: { accept: "image/webp,*/*" } }

/** A cover as a music API sends one: a JPEG, larger than any page draws it. */
const providerCover = Effect.promise(() =>
  sharp({ create: { width: 1200, height: 1200, channels: 3, background: "#a855f7" } })
    .jpeg()
    .toBuffer()
    .then((bytes) => new Uint8Array(bytes)),
)

const sizings = Effect.flatMap(CoverSizer, (sizer) => sizer.sizings)

const sizeOf = (bytes: Uint8Array) => Effect.promise(() => sharp(bytes).metadata())

/** Someone new with one song, whose cover in the store is `cover`. */
const songWithCover = (name: string, cover: Uint8Array) =>
  Effect.gen(function* () {
    const { person, user } = yield* signUp(name)
    const [version] = (yield* seedGeneration(user.id, name, 1, undefined, { cover })).versions
    const [song] = yield* callAs(person, (api) => api.songs.mySongs())
    // A song saved with a cover has its address.
    const imageUrl = song!.imageUrl!
    return { person, song: { ...song!, imageUrl }, coverKey: version!.imageKey! }
  })

describeApp({ env })("a cover at a smaller width", (it) => {
  it.effect("is made once, as WebP, for whoever may see the song, and never for anyone else", () =>
    Effect.gen(function* () {
      const { person, song, coverKey } = yield* songWithCover("painter", yield* providerCover)
      const small = `${song.imageUrl}?width=256`

      // Private: its owner only.
      const { person: other } = yield* signUp("passer")
      expect((yield* request(small, webp)).status).toBe(404)
      expect((yield* other.send(small, webp)).status).toBe(404)
      const own = yield* person.send(small, webp)
      expect(own.status).toBe(200)
      expect(own.headers.get("content-type")).toBe("image/webp")
      expect(own.headers.get("vary")).toBe("Accept")
      expect(yield* sizeOf(own.bytes)).toMatchObject({ format: "webp", width: 256, height: 256 })
      const storage = yield* FileStorage
      const kept = sizedCoverOf(coverKey, 256)
      expect(yield* storage.stat(kept)).toBeDefined()

      // Public: anyone, from the copy already made.
      yield* person.patch(`/api/songs/${song.id}/privacy`, { isPublic: true })
      yield* storage.put(kept, own.bytes.slice(0, 64))
      expect((yield* request(small, webp)).bytes).toEqual(own.bytes.slice(0, 64))
      const larger = yield* request(`${song.imageUrl}?width=768`, webp)
      expect(yield* sizeOf(larger.bytes)).toMatchObject({ width: 768, height: 768 })
      // A browser that does not read WebP gets the cover as it is; so does one that asks no width.
      const jpeg = yield* request(small, { headers: { accept: "image/*" } })
      expect(jpeg.headers.get("content-type")).toBe("image/jpeg")
      expect(yield* sizeOf(jpeg.bytes)).toMatchObject({ width: 1200 })
      expect(yield* sizeOf((yield* request(song.imageUrl, webp)).bytes)).toMatchObject({
        width: 1200,
      })
    }),
  )

  it.effect("is made once however many ask at once, and read from the store after", () =>
    Effect.gen(function* () {
      const { person, song } = yield* songWithCover("crowd", yield* providerCover)
      yield* person.patch(`/api/songs/${song.id}/privacy`, { isPublic: true })
      const before = yield* sizings
      const answers = yield* Effect.all(
        Array.from({ length: 20 }, () => request(`${song.imageUrl}?width=512`, webp)),
        { concurrency: "unbounded" },
      )
      expect(answers.map((answer) => answer.headers.get("content-type"))).toEqual(
        Array(20).fill("image/webp"),
      )
      expect((yield* sizings) - before).toBe(1)
      expect((yield* request(`${song.imageUrl}?width=512`, webp)).status).toBe(200)
      expect((yield* sizings) - before).toBe(1)
    }),
  )

  it.effect("is refused at a width it is not kept at, and nothing is made", () =>
    Effect.gen(function* () {
      const { person, song, coverKey } = yield* songWithCover("odd", yield* providerCover)
      for (const width of ["300", "0", "-256", "256.5", "abc", "1024"]) {
        const answer = yield* person.send(`${song.imageUrl}?width=${width}`, webp)
        expect(answer.status, width).toBe(400)
        expect(answer.text, width).toContain("width must be one of 256, 512, 768")
      }
      const storage = yield* FileStorage
      for (const width of [256, 512, 768] as const)
        expect(yield* storage.stat(sizedCoverOf(coverKey, width))).toBeUndefined()
    }),
  )

  it.effect("of a file that is no image is the file as it is", () =>
    Effect.gen(function* () {
      const { person, song } = yield* songWithCover("broken", new Uint8Array([1, 2, 3]))
      const answer = yield* person.send(`${song.imageUrl}?width=256`, webp)
      expect(answer.status).toBe(200)
      expect(answer.bytes).toEqual(new Uint8Array([1, 2, 3]))
    }),
  )

  it.effect("leaves the store with its song", () =>
    Effect.gen(function* () {
      const { person, song, coverKey } = yield* songWithCover("leaver", yield* providerCover)
      for (const width of [256, 512])
        expect((yield* person.send(`${song.imageUrl}?width=${width}`, webp)).status).toBe(200)
      expect((yield* person.send(`/api/songs/${song.id}`, { method: "DELETE" })).status).toBe(200)
      yield* settle
      const storage = yield* FileStorage
      for (const width of [256, 512] as const)
        expect(yield* storage.stat(sizedCoverOf(coverKey, width))).toBeUndefined()
      expect(yield* storage.stat(coverKey)).toBeUndefined()
    }),
  )
})

describeApp({ env: { ...env, COVER_SIZES_PER_USER: "2", COVER_SIZES_PER_ADDRESS: "3" } })(
  "covers made smaller",
  (it) => {
    it.effect("are limited per person and per address; past a limit the cover comes whole", () =>
      Effect.gen(function* () {
        const { person, song } = yield* songWithCover("sizer", yield* providerCover)
        yield* person.patch(`/api/songs/${song.id}/privacy`, { isPublic: true })
        const before = yield* sizings
        for (const width of [256, 512])
          expect(
            yield* sizeOf((yield* person.send(`${song.imageUrl}?width=${width}`, webp)).bytes),
          ).toMatchObject({ format: "webp", width })
        const whole = yield* person.send(`${song.imageUrl}?width=768`, webp)
        expect(whole.status).toBe(200)
        expect(yield* sizeOf(whole.bytes)).toMatchObject({ format: "jpeg", width: 1200 })
        // A copy already made is served to anyone, whatever the limits.
        expect(
          yield* sizeOf((yield* person.send(`${song.imageUrl}?width=256`, webp)).bytes),
        ).toMatchObject({ format: "webp", width: 256 })

        // Anyone else at this address makes one more copy, then the address's limit is reached.
        expect(
          yield* sizeOf((yield* request(`${song.imageUrl}?width=768`, webp)).bytes),
        ).toMatchObject({ format: "webp", width: 768 })
        const other = yield* songWithCover("sizer-neighbour", yield* providerCover)
        const crowded = yield* other.person.send(`${other.song.imageUrl}?width=256`, webp)
        expect(yield* sizeOf(crowded.bytes)).toMatchObject({ format: "jpeg", width: 1200 })
        expect((yield* sizings) - before).toBe(3)
      }),
    )
  },
)
