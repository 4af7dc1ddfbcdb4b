import { readdir } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { balanceOf, describeApp, request, runJobs, settle, signUp } from "#app/testing.ts"
import { type ApiClient, signedUpWithClient } from "#app/testing-client.ts"
import { seedEngineSong } from "#app/testing-songs.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { versionKeys } from "../makers/music-maker.ts"
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

/** A signed-in person: their browser, and the API's client as them. */
/** This server's render folders (it is this test's process): where the engine plays stems apart. */
const renderFolders = Effect.promise(async () =>
  (await readdir(tmpdir())).filter((name) => name.startsWith(`melody-render-${process.pid}.`)),
)

const refundsOf = (api: ApiClient) =>
  Effect.map(api.creditLedger.usage(), (rows) => rows.filter((row) => row.type === "refund").length)

describeApp({ env, config })("paid stems", (it) => {
  it.effect("are refused for want of credits in their own words, and nothing is asked", () =>
    Effect.gen(function* () {
      const { person, api, user } = yield* signedUpWithClient("short")
      const { songId } = yield* seedEngineSong(user.id, "Too Dear", facts, { requested: true })
      for (const style of ["jazz", "synthwave"])
        yield* api.reshaping.restyle({ path: { songId }, payload: { style } })
      expect(yield* balanceOf(person)).toBe(0)
      const stems = { path: { id: songId } }
      const refused = yield* Effect.flip(api.stems.make(stems))
      expect(refused).toMatchObject({
        _tag: "InsufficientCredits",
        message: "You need 2 credits to make the stems of a song. You currently have 0 credits.",
      })
      expect((yield* api.stems.status(stems)).status).toBe("none")
    }),
  )

  it.effect(
    "of a song deleted while they are made leave no zip and no folder behind, and are refunded once",
    () =>
      Effect.gen(function* () {
        const { person, api, user } = yield* signedUpWithClient("shredder")
        const { songId, generationId } = yield* seedEngineSong(user.id, "Gone Soon", facts, {
          requested: true,
        })
        const path = `/api/songs/${songId}/stems`
        expect((yield* api.stems.make({ path: { id: songId } })).status).toBe("making")
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

        const storage = yield* FileStorage
        expect(yield* storage.stat(versionKeys(generationId, 1).stems)).toBeUndefined()
        expect(yield* renderFolders).toEqual(before)
        expect((yield* person.get(path)).status).toBe(404)
        expect(yield* balanceOf(person)).toBe(10)
        expect(yield* refundsOf(api)).toBe(1)
      }),
  )

  it.effect(
    "paid by someone else on a shared song stay theirs when the owner stops sharing its parts",
    () =>
      Effect.gen(function* () {
        const owner = yield* signedUpWithClient("sharer")
        const { songId } = yield* seedEngineSong(owner.user.id, "Open Door", facts, {
          requested: true,
        })
        const song = { path: { id: songId } }
        yield* owner.api.catalog.setPrivacy({ ...song, payload: { isPublic: true } })
        yield* owner.api.catalog.setPartsSharing({ ...song, payload: { shared: true } })
        yield* settle
        const path = `/api/songs/${songId}/stems`
        const buyer = yield* signedUpWithClient("buyer")
        // The sign-up credits are granted by a reaction.
        yield* settle
        expect((yield* buyer.api.stems.make(song)).status).toBe("making")
        expect(yield* balanceOf(buyer.person)).toBe(8)

        // The owner stops sharing before they are made: the buyer still follows and gets them.
        yield* owner.api.catalog.setPartsSharing({ ...song, payload: { shared: false } })
        yield* settle
        expect((yield* buyer.api.stems.status(song)).status).toBe("making")
        expect((yield* buyer.api.stems.make(song)).status).toBe("making")
        yield* runJobs
        const made = yield* buyer.api.stems.status(song)
        expect(made).toEqual({ status: "ready", downloadUrl: `${path}/zip`, error: null })
        const zip = yield* buyer.person.send(made.downloadUrl!)
        expect(zip.status).toBe(200)
        expect(zip.headers.get("content-disposition")).toContain(
          "Open Door (Version 1) (stems).zip",
        )

        // Nor does making the song private take them back; it takes the song's parts from everyone else.
        yield* owner.api.catalog.setPrivacy({ ...song, payload: { isPublic: false } })
        yield* settle
        expect((yield* buyer.person.send(made.downloadUrl!)).status).toBe(200)
        expect((yield* buyer.person.get(`/api/songs/${songId}`)).status).toBe(404)
        const stranger = yield* signUp("stranger")
        expect((yield* stranger.person.get(path)).status).toBe(404)
        expect((yield* stranger.person.post(path)).status).toBe(404)
        expect((yield* stranger.person.send(made.downloadUrl!)).status).toBe(404)
        expect((yield* request(made.downloadUrl!)).status).toBe(401)
        expect((yield* owner.api.stems.status(song)).status).toBe("ready")

        // Paid once, kept: no refund, no second charge.
        expect(yield* balanceOf(buyer.person)).toBe(8)
        expect(yield* refundsOf(buyer.api)).toBe(0)
        expect(yield* balanceOf(owner.person)).toBe(10)
      }),
  )
})
