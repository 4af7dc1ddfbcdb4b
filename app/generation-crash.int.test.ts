import { Schema } from "effect"
import { expect, it } from "vitest"
import { GenerationStarted } from "#modules/music/api.ts"
import { SongView } from "#projections/songs/api.ts"
import { register } from "./testing-accounts.ts"
import { crashRig, waitFor } from "./testing-servers.ts"

/**
 * The real thing: a server process killed with SIGKILL in the middle of a generation, another started on
 * the same database, and the generation finishes with each version saved once.
 */

const { servers, fake } = await crashRig("crash", { seconds: 1 })
const { call } = servers

/** A library as the contract has it; an answer that is not one fails the test. */
const librarySongs = Schema.decodeUnknownSync(Schema.Array(SongView))

it("a server killed mid-generation leaves it to the next server, which finishes it once", async () => {
  const first = await servers.start()
  expect((await register(call, "survivor")).status).toBe(201)
  const credits = await waitFor(
    () => call("/api/credits"),
    (a) => a.body.credits === 10,
    10,
  )
  expect(credits.body.credits).toBe(10)

  // Every look at the task takes 1.5 s: the server is killed with a step in flight.
  fake.planNext({
    timings: { TEXT_SUCCESS: 0, FIRST_SUCCESS: 0, SUCCESS: 4000 },
    slowAnswersMs: 1500,
    callbacks: "none",
  })
  const started = await call("/api/generate-song", {
    title: "Still Standing",
    lyrics: "[Verse 1]\nThe lights went out and we sang on",
    style: "rock, male vocals",
  })
  expect(started.status).toBe(200)
  const { taskId } = Schema.decodeUnknownSync(GenerationStarted)(started.body)
  const status = () => call(`/api/check-song-status?taskId=${taskId}`)
  expect((await waitFor(status, (a) => a.body.status === "FIRST_SUCCESS", 30)).body.status).toBe(
    "FIRST_SUCCESS",
  )
  await new Promise((resolve) => setTimeout(resolve, 500))
  await servers.crash(first)

  await servers.start()
  const done = await waitFor(status, (a) => a.body.status === "SUCCESS", 60)
  expect(done.body.status).toBe("SUCCESS")
  expect(done.body.songs).toHaveLength(2)
  const library = await waitFor(
    () => call("/api/songs/my-songs"),
    (a) => Array.isArray(a.body) && a.body.length >= 2,
    10,
  )
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const titles = librarySongs((await call("/api/songs/my-songs")).body)
    .map((song) => song.title)
    .sort()
  expect(library.status).toBe(200)
  expect(titles).toEqual(["Still Standing (Version 1)", "Still Standing (Version 2)"])
  expect((await call("/api/credits")).body.credits).toBe(5)
}, 120_000)
