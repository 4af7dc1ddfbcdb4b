import { mkdtemp, readdir, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect, it } from "vitest"
import { runningProcesses } from "./processes.ts"
import { register } from "./testing-accounts.ts"
import { crashRig, waitFor } from "./testing-servers.ts"

/**
 * A server killed with `kill -9` (the server alone, not its process group) in the middle of an offline
 * render: the engine, its Festival and FluidSynth go with it, and the next server removes the render
 * folder the dead one left, while a live owner's folder stays.
 */

const { servers, call } = await crashRig("render_crash", { seconds: 1 }, "engine").then((rig) => ({
  servers: rig.servers,
  call: rig.servers.call,
}))

const until = async (check: () => boolean, seconds: number) => {
  for (let i = 0; i < seconds * 20 && !check(); i++) await new Promise((r) => setTimeout(r, 50))
  return check()
}

it("a killed server's render dies with it, and its folder is swept at the next start", async () => {
  const first = await servers.start()
  expect((await register(call, "renderer")).status).toBe(201)
  await waitFor(
    () => call("/api/credits"),
    (a) => a.body.credits === 10,
    10,
  )
  const started = await call("/api/generate-song", {
    title: "Lights Out",
    lyrics:
      "[Verse 1]\nThe power failed but the song went on\nWe kept on singing until dawn\nThe candles burned and the night was long\nWe held the tune and we carried on\n[Chorus]\nLights out, lights out, we sing in the dark\nLights out, lights out, we light up a spark",
    style: "pop, female vocals",
  })
  expect(started.status).toBe(200)

  const engineOf = () =>
    runningProcesses().find(
      (p) => p.parent === first.pid && p.command.includes("music-engine/main."),
    )
  expect(await until(() => engineOf() !== undefined, 30)).toBe(true)
  const group = engineOf()!.group
  // Killed once the engine is at work: one of its Festival, FluidSynth or lame runs is under way.
  const working = () =>
    runningProcesses().some(
      (p) => p.group === group && /festival|text2wave|fluidsynth|lame/.test(p.command),
    )
  expect(await until(working, 30)).toBe(true)
  const folders = (await readdir(tmpdir())).filter((name) =>
    name.startsWith(`melody-render-${first.pid}.`),
  )
  expect(folders.length).toBeGreaterThan(0)

  // A live owner's folder: this test process's own, named as the server names its folders.
  const stat = (await import("node:fs")).readFileSync(`/proc/${process.pid}/stat`, "utf8")
  const liveStart = stat.split(") ")[1]?.split(" ")[19]
  const live = await mkdtemp(join(tmpdir(), `melody-render-${process.pid}.${liveStart}-`))

  await servers.crash(first)
  // Left alone, the engine would go on until it next wrote to the dead server (about 2 s here).
  const groupGone = await until(() => runningProcesses().every((p) => p.group !== group), 1)
  expect(
    groupGone,
    runningProcesses()
      .filter((p) => p.group === group)
      .map((p) => p.command)
      .join("\n"),
  ).toBe(true)

  await servers.start()
  const left = () =>
    readdir(tmpdir()).then((names) => names.filter((name) => folders.includes(name)))
  await waitFor(left, (names) => names.length === 0, 20)
  expect(await left()).toEqual([])
  expect((await readdir(tmpdir())).includes(live.split("/").pop()!)).toBe(true)
  await rm(live, { recursive: true, force: true })
}, 120_000)
