import { readdir } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { balanceOf, type browser, describeApp, runJobs, settle, signUp } from "#app/testing.ts"
import { seedEngineSong } from "#app/testing-songs.ts"
import { MediaStorage } from "../files/storage.ts"
import { versionKeys } from "../generation/music-maker.ts"
import type { RenderFacts } from "../ports.ts"

/**
 * Stems that cost credits (from the offline engine here, as through the music API): what a person paid
 * for is theirs or comes back, whatever the song's owner does meanwhile.
 */

const facts: RenderFacts = {
  durationMs: 30_000,
  endMs: 28_000,
  barMs: 2_000,
  sections: [
    { label: "[Verse]", startMs: 8_000, endMs: 16_000, lines: ["Paper boats", "On the rain"] },
  ],
  voice: { gender: "female", delivery: "sing" },
  engine: { made: "in a test" },
}
const config = { webDist: join(import.meta.dirname, "..", "..", "..", "web", "dist") }
const env = { REGISTRATIONS_PER_ADDRESS: "1000", SIGNUP_CREDITS: "10", STEMS_CREDITS: "2" }

interface Status {
  readonly status: string
  readonly downloadUrl: string | null
  readonly error: string | null
}

/** This server's render folders (it is this test's process): where the engine plays stems apart. */
const renderFolders = Effect.promise(async () =>
  (await readdir(tmpdir())).filter((name) => name.startsWith(`melody-render-${process.pid}.`)),
)

const refundsOf = (person: ReturnType<typeof browser>) =>
  Effect.map(
    person.get("/api/credits/usage"),
    (a) =>
      (a.body as ReadonlyArray<{ type: string }>).filter((row) => row.type === "refund").length,
  )

describeApp({ env, config })("paid stems", (it) => {
  it.effect(
    "of a song deleted while they are made leave no zip and no folder behind, and are refunded once",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* signUp("shredder")
        const { songId, generationId } = yield* seedEngineSong(user.id, "Gone Soon", facts, {
          requested: true,
        })
        const path = `/api/songs/${songId}/stems`
        expect(((yield* person.post(path)).body as Status).status).toBe("making")
        expect(yield* balanceOf(person)).toBe(8)
        const before = yield* renderFolders
        const making = yield* Effect.fork(runJobs)
        // Deleted once the engine is at work on them.
        while ((yield* renderFolders).length <= before.length) yield* Effect.sleep("20 millis")
        expect((yield* person.send(`/api/songs/${songId}`, { method: "DELETE" })).status).toBe(200)
        yield* Fiber.join(making)
        yield* settle
        yield* runJobs
        yield* settle

        const storage = yield* MediaStorage
        expect(yield* storage.stat(versionKeys(generationId, 1).stems)).toBeUndefined()
        expect(yield* renderFolders).toEqual(before)
        expect((yield* person.get(path)).status).toBe(404)
        expect(yield* balanceOf(person)).toBe(10)
        expect(yield* refundsOf(person)).toBe(1)
      }),
  )
})
