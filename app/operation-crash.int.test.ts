import { Schema } from "effect"
import { expect, it } from "vitest"
import { SongView } from "#projections/songs/api.ts"
import { runningProcesses } from "./processes.ts"
import { register } from "./testing-accounts.ts"
import { crashRig, waitFor } from "./testing-servers.ts"

/**
 * An operation on a song is a generation: a server killed with `kill -9` while the engine renders an
 * extension leaves it to the next server, which finishes it once, saving each new song once and charging
 * once.
 */

const { servers } = await crashRig("operation_crash", { seconds: 1 }, "engine")
const { call } = servers

/** The library as the contract has it; an answer that is not one fails the test. */
const librarySongs = Schema.decodeUnknownSync(Schema.Array(SongView))

const songs = async () => librarySongs((await call("/api/songs/my-songs")).body)

it("a server killed mid-extension leaves it to the next server, which finishes it once", async () => {
  const first = await servers.start()
  expect((await register(call, "extender")).status).toBe(201)
  await waitFor(
    () => call("/api/credits"),
    (a) => a.body.credits === 10,
    10,
  )
  const made = await call("/api/generate-song", {
    title: "Night Shift",
    lyrics: "[Verse]\nThe night shift hums a song\nThe engines carry on",
    style: "pop, female vocals",
  })
  const madeStatus = () => call(`/api/check-song-status?taskId=${made.body.taskId}`)
  await waitFor(madeStatus, (a) => a.body.status === "SUCCESS", 90)
  await waitFor(songs, (list) => list.length === 2, 10)
  const source = (await songs()).find((song) => song.title === "Night Shift (Version 1)")!

  const started = await call(`/api/songs/${source.id}/extend`, {
    lyrics:
      "[Chorus]\nAnd when the morning comes\nWe rest until the sun\nThe night shift hums along\nUntil the work is done",
  })
  expect(started.status).toBe(200)
  const engine = () =>
    runningProcesses().some(
      (p) => p.parent === first.pid && p.command.includes("music-engine/main."),
    )
  await waitFor(
    async () => engine(),
    (running) => running,
    30,
  )
  const status = () => call(`/api/check-song-status?taskId=${started.body.taskId}`)
  const before = await status()
  await servers.crash(first)
  // Killed with the extension's versions still to come.
  expect(before.body.status).not.toBe("SUCCESS")

  await servers.start()
  const done = await waitFor(status, (a) => a.body.status === "SUCCESS", 120)
  expect(done.body.status).toBe("SUCCESS")
  expect(done.body.songs).toHaveLength(2)
  await waitFor(songs, (list) => list.length === 4, 10)
  await new Promise((resolve) => setTimeout(resolve, 1000))
  expect((await songs()).map((song) => song.title).sort()).toEqual([
    "Night Shift (Extended) (Version 1)",
    "Night Shift (Extended) (Version 2)",
    "Night Shift (Version 1)",
    "Night Shift (Version 2)",
  ])
  expect((await call("/api/credits")).body.credits).toBe(0)
}, 240_000)
