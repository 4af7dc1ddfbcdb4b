import { expect, it } from "vitest"
import { runningProcesses } from "./processes.ts"
import { register } from "./testing-accounts.ts"
import { crashRig, waitFor } from "./testing-servers.ts"

/**
 * A web process and a worker (ROLE=web and ROLE=worker) on one database and one media folder, as compose
 * runs them: people's requests go to the web process, which starts no process at all, while the worker
 * renders their song with the engine and converts its WAV.
 */

const { servers } = await crashRig("process_roles", { seconds: 1 }, "engine")
const { call, bytes } = servers

it("the worker renders, converts and projects; the web process starts nothing and applies no event", async () => {
  const alone = await servers.start({ ROLE: "web" })
  const early = await call("/api/register", {
    username: "early_bird",
    email: "early_bird@example.com",
    password: "secret-password",
    name: "Early Bird",
    acceptTerms: true,
  })
  expect(early.status).toBe(201)
  // No worker yet: the sign-up's events wait for one, as the web process runs no projection.
  await new Promise((resolve) => setTimeout(resolve, 3000))
  const projections = (await call("/api/health")).body.projections as Array<{ behind: number }>
  expect(projections.filter((p) => p.behind > 0).length).toBe(projections.length)

  const worker = await servers.start({ ROLE: "worker" })
  const web = await servers.start({ ROLE: "web" })
  expect((await register(call, "two_roles")).status).toBe(201)
  const started = { web: new Set<string>(), worker: new Set<string>() }
  const look = () => {
    for (const found of runningProcesses()) {
      if (found.parent === web.pid || found.parent === alone.pid) started.web.add(found.command)
      if (found.parent === worker.pid) started.worker.add(found.command)
    }
  }
  const watch = setInterval(look, 50)
  try {
    await waitFor(
      () => call("/api/credits"),
      (answer) => answer.body.credits === 10,
      20,
    )
    const made = await call("/api/generate-song", {
      title: "Split Duties",
      lyrics: "[Verse 1]\nOne of us answers, one of us plays\nThat is the way",
      style: "pop, female vocals",
    })
    expect(made.status).toBe(200)
    const status = () => call(`/api/check-song-status?taskId=${made.body.taskId}`)
    expect((await waitFor(status, (a) => a.body.status === "SUCCESS", 180)).body.status).toBe(
      "SUCCESS",
    )
    const songs = await waitFor(
      async () => (await call("/api/songs/my-songs")).body as unknown as Array<{ id: string }>,
      (list) => list.length === 2,
      20,
    )
    const wav = await bytes(`/api/songs/${songs[0]!.id}/wav`)
    expect(wav.status).toBe(200)
    expect(Buffer.from(wav.bytes.subarray(0, 4)).toString()).toBe("RIFF")
  } finally {
    clearInterval(watch)
  }
  look()
  expect([...started.web]).toEqual([])
  const worked = [...started.worker].join("\n")
  expect(worked).toContain("music-engine/main.")
  expect(worked).toMatch(/ffmpeg -i \S+\.mp3 .* -f wav /)
})
