import type { ChildProcess } from "node:child_process"
import { Schema } from "effect"
import { beforeAll, expect, it } from "vitest"
import { musicJobs } from "#modules/music/index.ts"
import { UsageRecord } from "#projections/credit-ledger/api.ts"
import { SongView } from "#projections/songs/api.ts"
import { runningProcesses } from "./processes.ts"
import { register } from "./testing-accounts.ts"
import { crashRig, waitFor } from "./testing-servers.ts"

/**
 * Paid stems and a server killed with `kill -9` while the engine plays them apart: the next server takes
 * them up and makes them, charged once; stems whose render kills its server every time fail after their
 * last attempt, refunded once, rather than stay "making" or loop. One person's song, made once by the
 * engine, serves both: the first test takes its first version apart, the second its second version.
 */

const { servers } = await crashRig("stems_crash", { seconds: 1 }, "engine", {
  STEMS_CREDITS: "2",
})
const { call } = servers
const attempts = musicJobs.find((kind) => kind.name === "media:make-stems")!.maxAttempts

/** Answers read as the contract has them; one that does not match fails the test. */
const librarySongs = Schema.decodeUnknownSync(Schema.Array(SongView))
const usageRows = Schema.decodeUnknownSync(Schema.Array(UsageRecord))

const balance = async () => (await call("/api/credits")).body.credits

/** The two versions of a song the engine made, in a new person's library, with 5 credits left. */
const songOf = async (username: string, title: string) => {
  expect((await register(call, username)).status).toBe(201)
  await waitFor(balance, (credits) => credits === 10, 10)
  const made = await call("/api/generate-song", {
    title,
    lyrics:
      "[Verse 1]\nThe wires hum beneath the floor\nThe power sleeps behind the door\nWe pull the parts out one by one\nAnd lay them out beneath the sun\n[Chorus]\nTake it apart, take it apart\nEvery line and every heart",
    style: "pop, female vocals",
  })
  expect(made.status).toBe(200)
  const status = () => call(`/api/check-song-status?taskId=${made.body.taskId}`)
  expect((await waitFor(status, (a) => a.body.status === "SUCCESS", 90)).body.status).toBe(
    "SUCCESS",
  )
  const songs = await waitFor(
    async () => librarySongs((await call("/api/songs/my-songs")).body),
    (list) => list.length === 2,
    10,
  )
  return songs.map((song) => song.id)
}

/** The engine of this server at work on stems: one of its FluidSynth runs under way. */
const renderingStems = (server: ChildProcess) => {
  const engines = runningProcesses().filter(
    (p) => p.parent === server.pid && p.command.includes("music-engine/main."),
  )
  return runningProcesses().some(
    (p) => engines.some((engine) => engine.group === p.group) && /fluidsynth/.test(p.command),
  )
}

const refundsAndCharges = async () => {
  const usage = usageRows((await call("/api/credits/usage")).body)
  return usage
    .filter((row) => row.type === "song_stems" || row.type === "refund")
    .map((row) => [row.type, row.creditsUsed])
}

/** The server up now: each test kills it and starts the next. */
let server: ChildProcess
let versions: ReadonlyArray<string> = []

beforeAll(async () => {
  server = await servers.start()
  versions = await songOf("taker", "Wires")
}, 300_000)

it("a server killed mid-stems leaves them to the next server, which makes them once", async () => {
  const first = server
  const stems = `/api/songs/${versions[0]}/stems`
  expect((await call(stems, {})).body.status).toBe("making")
  expect(await balance()).toBe(3)
  expect(
    await waitFor(
      async () => renderingStems(first),
      (working) => working,
      30,
    ),
  ).toBe(true)
  await servers.crash(first)

  server = await servers.start()
  const done = await waitFor(
    () => call(stems),
    (a) => a.body.status !== "making",
    60,
  )
  expect(done.body).toEqual({ status: "ready", downloadUrl: `${stems}/zip`, error: null })
  const zip = await servers.bytes(`${stems}/zip`)
  expect(zip.status).toBe(200)
  expect(new TextDecoder().decode(zip.bytes.subarray(0, 2))).toBe("PK")
  await new Promise((resolve) => setTimeout(resolve, 1000))
  expect(await balance()).toBe(3)
  expect(await refundsAndCharges()).toEqual([["song_stems", 2]])
}, 360_000)

it("stems whose render kills its server every time fail after the last attempt, refunded once", async () => {
  const stems = `/api/songs/${versions[1]}/stems`
  expect(await balance()).toBe(3)
  expect((await call(stems, {})).body.status).toBe("making")
  expect(await balance()).toBe(1)

  // Every server that begins the render is killed at once, until the stems are no longer being made.
  let kills = 0
  for (let round = 0; round <= attempts; round++) {
    const seen = await waitFor(
      async () => ({ working: renderingStems(server), status: (await call(stems)).body.status }),
      (look) => look.working || look.status !== "making",
      40,
    )
    if (!seen.working) break
    await servers.crash(server)
    kills++
    server = await servers.start()
  }
  expect(kills).toBe(attempts)
  const failed = await waitFor(
    () => call(stems),
    (a) => a.body.status !== "making",
    30,
  )
  expect(failed.body).toMatchObject({ status: "failed", downloadUrl: null })
  expect(failed.body.error).toContain("Your 2 credits were refunded.")
  await waitFor(balance, (credits) => credits === 3, 10)
  await new Promise((resolve) => setTimeout(resolve, 2000))
  expect(await balance()).toBe(3)
  // The first version's stems, then these, charged and refunded once.
  expect((await refundsAndCharges()).sort()).toEqual([
    ["refund", -2],
    ["song_stems", 2],
    ["song_stems", 2],
  ])
  // Asked again, they are made by a server that lives.
  expect((await call(stems, {})).body.status).toBe("making")
  const made = await waitFor(
    () => call(stems),
    (a) => a.body.status !== "making",
    60,
  )
  expect(made.body.status).toBe("ready")
}, 600_000)
