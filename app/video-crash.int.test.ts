import { readdir } from "node:fs/promises"
import { tmpdir } from "node:os"
import { SqlClient } from "@effect/sql"
import { Effect, Redacted, Schema } from "effect"
import { expect, it } from "vitest"
import { pgClientLayer } from "#events/store/pg-client.ts"
import { VideoExport } from "#modules/videos/api.ts"
import { SongView } from "#projections/songs/api.ts"
import { probeBytes } from "#toolkit/test-video.ts"
import { runningProcesses } from "./processes.ts"
import { register } from "./testing-accounts.ts"
import { crashRig, waitFor } from "./testing-servers.ts"

/**
 * A server process killed with SIGKILL in the middle of a video render (ffmpeg with it), another started
 * on the same database: the export is taken up again and finishes, never stuck.
 */

const seconds = 16
const { servers, databaseUrl } = await crashRig("video_crash", { seconds })
const { call } = servers

/** How many times a worker began rendering the export, from its person's stream of exports. */
const startsOf = (jobId: string) =>
  Effect.runPromise(
    Effect.flatMap(
      SqlClient.SqlClient,
      (sql) => sql<{ starts: string }>`
        select count(*) as starts from events
         where type = 'VideoExportStarted' and data->>'jobId' = ${jobId}`,
    ).pipe(
      Effect.map(([row]) => Number(row?.starts)),
      Effect.provide(
        pgClientLayer({
          url: Redacted.make(databaseUrl),
          maxConnections: 1,
          applicationName: "video-crash-test",
        }),
      ),
      Effect.scoped,
    ),
  )

it("a server killed mid-render leaves the export to the next server, which renders it whole", async () => {
  const first = await servers.start()
  expect((await register(call, "director")).status).toBe(201)
  await waitFor(
    () => call("/api/credits"),
    (a) => a.body.credits === 10,
    10,
  )
  const generation = await call("/api/generate-song", {
    title: "Take Two",
    lyrics: "[Verse 1]\nRoll the film again",
    style: "pop, female vocals",
  })
  expect(generation.status).toBe(200)
  const songs = await waitFor(
    () => call("/api/songs/my-songs"),
    (a) => Array.isArray(a.body) && a.body.length >= 1,
    30,
  )
  // Read as the contract has it: an answer that does not match fails the test.
  const [song] = Schema.decodeUnknownSync(Schema.Array(SongView))(songs.body)
  expect(song?.duration).toBe(seconds * 1000)

  const started = await call("/api/videos/generate", { format: "tiktok", songId: song!.id })
  expect(started.status).toBe(202)
  const jobId = Schema.decodeUnknownSync(VideoExport)(started.body).id
  const status = () => call(`/api/videos/${jobId}`)
  const midway = await waitFor(
    status,
    (a) => typeof a.body.progress === "number" && a.body.progress >= 10,
    60,
  )
  expect(midway.body).toMatchObject({ status: "processing" })
  const renders = () =>
    runningProcesses().filter((p) => /ffmpeg/.test(p.command) && p.command.includes(jobId))
  expect(renders().length).toBeGreaterThan(0)
  await servers.crash(first)
  // ffmpeg goes with the server that started it, even killed alone.
  for (let i = 0; i < 20 && renders().length > 0; i++) await new Promise((r) => setTimeout(r, 50))
  expect(renders().map((p) => p.command)).toEqual([])

  await servers.start()
  const done = await waitFor(status, (a) => a.body.status !== "processing", 120)
  expect(done.body).toMatchObject({ status: "completed", progress: 100 })
  expect(await startsOf(jobId)).toBe(2)

  const { downloadUrl } = Schema.decodeUnknownSync(VideoExport)(done.body)
  const file = await servers.bytes(downloadUrl!)
  expect(file.status).toBe(200)
  const { streams, format } = await Effect.runPromise(probeBytes(file.bytes))
  expect(streams.find((s) => s.codec_type === "video")).toMatchObject({
    codec_name: "h264",
    width: 1080,
    height: 1920,
  })
  expect(Math.abs(Number(format.duration) - seconds)).toBeLessThan(0.15)
  // The killed attempt's half-written file is gone with the finished render.
  expect((await readdir(tmpdir())).filter((name) => name.includes(jobId))).toEqual([])
  // A new export is welcome again.
  expect((await call("/api/videos/generate", { format: "youtube", songId: song!.id })).status).toBe(
    202,
  )
}, 240_000)
