import { createWriteStream } from "node:fs"
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { open } from "yauzl"
import { describeApp, request, serverUrl, signUp } from "#app/testing.ts"
import { seedGeneration, seedLibrary } from "#app/testing-songs.ts"
import { sineMp3 } from "#toolkit/test-audio.ts"

const env = { REGISTRATIONS_PER_ADDRESS: "1000" }

/** A zip's entries, by name, with their sizes. */
const entriesOf = (path: string) =>
  Effect.async<ReadonlyMap<string, number>, Error>((resume) =>
    open(path, { lazyEntries: true }, (error, zip) => {
      if (error) return resume(Effect.fail(error))
      const found = new Map<string, number>()
      zip.on("entry", (entry) => {
        found.set(entry.fileName, entry.uncompressedSize)
        zip.readEntry()
      })
      zip.on("end", () => resume(Effect.succeed(found)))
      zip.on("error", (failure) => resume(Effect.fail(failure)))
      zip.readEntry()
    }),
  )

/**
 * Downloads to a file, sampling this process's memory (the server runs in it) as the bytes come: how much
 * it grew by the first quarter of the file, and at most after that.
 */
const download = (path: string, cookie: string, to: string) =>
  Effect.flatMap(serverUrl, (base) =>
    Effect.promise(async () => {
      const response = await fetch(base + path, { headers: { cookie } })
      const total = Number(response.headers.get("content-length"))
      const start = process.memoryUsage().rss
      let received = 0
      let early = 0
      let peak = 0
      const body = Readable.fromWeb(response.body as never)
      body.on("data", (chunk: Buffer) => {
        received += chunk.length
        const grown = process.memoryUsage().rss - start
        if (received < total / 4) early = Math.max(early, grown)
        else peak = Math.max(peak, grown)
      })
      await pipeline(body, createWriteStream(to))
      return { response, early, peak }
    }),
  )

describeApp({ env })("the library in one download", (it) => {
  it.effect(
    "streams 200 songs as one zip with memory flat, each song a folder of its files",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* signUp("archivist")
        const audio = yield* sineMp3(64)
        yield* seedLibrary(user.id, 200, audio)
        const folder = yield* Effect.promise(() => mkdtemp(join(tmpdir(), "library-")))
        const zipPath = join(folder, "library.zip")
        const cookie = [...person.cookies].map(([name, value]) => `${name}=${value}`).join("; ")
        const { response, early, peak } = yield* download("/api/library/download", cookie, zipPath)
        expect(response.status).toBe(200)
        expect(response.headers.get("content-type")).toBe("application/zip")
        expect(response.headers.get("content-disposition")).toMatch(
          /filename="Melody Studio library \d{4}-\d\d-\d\d\.zip"/,
        )
        const size = (yield* Effect.promise(() => stat(zipPath))).size
        expect(Number(response.headers.get("content-length"))).toBe(size)
        expect(size).toBeGreaterThan(200 * audio.byteLength)
        // A zip held whole would grow memory by all of it before its first byte. Streamed, memory grows by
        // the collector's slack while the first quarter goes (about 70 MB on Node 24, whose young
        // generation is larger), then stays there however much more it sends.
        expect(early).toBeLessThan(size / 2)
        expect(peak - early).toBeLessThan(size / 4)

        const entries = yield* entriesOf(zipPath)
        expect(entries.size).toBe(200 * 3)
        expect(entries.get("Song 1 (Version 1)/Song 1 (Version 1).mp3")).toBe(audio.byteLength)
        expect(entries.has("Song 100 (Version 2)/Song 100 (Version 2).txt")).toBe(true)
        expect(entries.has("Song 100 (Version 2)/song.json")).toBe(true)
        yield* Effect.promise(() => rm(folder, { recursive: true, force: true }))
      }),
    120_000,
  )

  it.effect(
    "holds each song's lyrics, timed lyrics, cover and what we know of it; for its owner only",
    () =>
      Effect.gen(function* () {
        expect((yield* request("/api/library/download")).status).toBe(401)
        const { person, user } = yield* signUp("keeper")
        const synced = {
          lines: [{ text: "A song called Twice", startMs: 500, endMs: 1_500, words: [] }],
        }
        const cover = new TextEncoder().encode("a cover's bytes")
        yield* seedGeneration(user.id, "Twice", 2, "Jazz", { cover, synced })
        const { person: other } = yield* signUp("other")
        const folder = yield* Effect.promise(() => mkdtemp(join(tmpdir(), "library-")))
        const entriesFrom = (bytes: Uint8Array, name: string) =>
          Effect.flatMap(
            Effect.promise(() => writeFile(join(folder, name), bytes)),
            () => entriesOf(join(folder, name)),
          )
        const theirs = yield* other.send("/api/library/download")
        expect(theirs.status).toBe(200)
        expect((yield* entriesFrom(theirs.bytes, "theirs.zip")).size).toBe(0)

        const mine = yield* person.send("/api/library/download")
        const entries = yield* entriesFrom(mine.bytes, "mine.zip")
        // Two songs of one title each have a folder of their own.
        const names = [...entries.keys()].sort()
        expect(names).toEqual(
          ["Twice (Version 1)", "Twice (Version 2)"].flatMap((song) =>
            [`${song}.lrc`, `${song}.mp3`, `${song}.txt`, "cover.jpeg", "song.json"].map(
              (file) => `${song}/${file}`,
            ),
          ),
        )
        expect(entries.get("Twice (Version 1)/cover.jpeg")).toBe(cover.byteLength)
        yield* Effect.promise(() => rm(folder, { recursive: true, force: true }))
      }),
  )
})
