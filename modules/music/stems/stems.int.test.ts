import { join } from "node:path"
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, runJobs, settle } from "#app/testing.ts"
import { signedUpWithClient } from "#app/testing-client.ts"
import { seedEngineSong, seedGeneration } from "#app/testing-songs.ts"
import { stemsStream } from "#events/contracts/stems.ts"
import { EventStore } from "#events/store/index.ts"
import { entriesOf } from "#toolkit/test-zip.ts"
import { StemsUnavailable } from "../api.ts"
import type { RenderFacts } from "../ports.ts"

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
const env = { REGISTRATIONS_PER_ADDRESS: "1000" }

/** A signed-in person: their browser, and the API's client as them. */
describeApp({ env, config })("stems", (it) => {
  it.effect(
    "are made once for the owner, kept, and downloaded as one zip of five aligned WAVs; nobody else sees them",
    () =>
      Effect.gen(function* () {
        const { person, api, user } = yield* signedUpWithClient("producer")
        const { songId, versionId } = yield* seedEngineSong(user.id, "Paper Boats", facts, {
          requested: true,
        })
        const path = `/api/songs/${songId}/stems`
        const stems = { path: { id: songId } }
        expect(yield* api.stems.status(stems)).toEqual({
          status: "none",
          downloadUrl: null,
          error: null,
        })

        // Another person, or nobody, is told nothing of it.
        const { person: other, api: others } = yield* signedUpWithClient("stranger")
        expect((yield* request(path)).status).toBe(401)
        expect((yield* other.get(path)).status).toBe(404)
        expect((yield* other.post(path)).status).toBe(404)
        expect((yield* other.send(`${path}/zip`)).status).toBe(404)

        expect((yield* api.stems.make(stems)).status).toBe("making")
        expect((yield* api.stems.make(stems)).status).toBe("making")
        expect((yield* person.send(`${path}/zip`)).status).toBe(404)
        yield* runJobs
        const made = yield* api.stems.status(stems)
        expect(made).toEqual({ status: "ready", downloadUrl: `${path}/zip`, error: null })

        const zip = yield* person.send(made.downloadUrl!)
        expect(zip.status).toBe(200)
        expect(zip.headers.get("content-type")).toBe("application/zip")
        expect(zip.headers.get("content-disposition")).toContain(
          'filename="Paper Boats (Version 1) (stems).zip"',
        )
        const entries = yield* entriesOf(zip.bytes)
        expect(entries.map((entry) => entry.name)).toEqual(
          ["Vocals", "Drums", "Bass", "Harmony", "Lead"].map((stem) => `Paper Boats - ${stem}.wav`),
        )
        for (const entry of entries) {
          expect(entry.size).toBe(entries[0]!.size)
          expect(entry.head.toString("ascii", 0, 4)).toBe("RIFF")
          expect(entry.head.readUInt16LE(22)).toBe(2) // channels
          expect(entry.head.readUInt32LE(24)).toBe(44_100)
          expect(entry.head.readUInt16LE(34)).toBe(16) // bits
        }
        expect(
          (yield* person.send(made.downloadUrl!, { headers: { range: "bytes=0-3" } })).status,
        ).toBe(206)

        // Asked again, they are served as kept: made once.
        expect((yield* api.stems.make(stems)).status).toBe("ready")
        yield* runJobs
        const store = yield* EventStore
        const recorded = yield* store.readStream(stemsStream(versionId))
        expect(recorded.map((event) => event.type)).toEqual(["StemsRequested", "StemsMade"])

        // A public song's stems stay its owner's until they share its parts, and while it is public.
        yield* person.patch(`/api/songs/${songId}/privacy`, { isPublic: true })
        yield* settle
        expect((yield* other.get(path)).status).toBe(404)
        expect((yield* other.send(`${path}/zip`)).status).toBe(404)
        const sharing = `/api/songs/${songId}/parts-sharing`
        expect((yield* other.patch(sharing, { shared: true })).status).toBe(404)
        expect((yield* person.patch(sharing, { shared: "yes" })).status).toBe(400)
        const shared = yield* api.catalog.setPartsSharing({
          path: { id: songId },
          payload: { shared: true },
        })
        expect(shared).toMatchObject({ partsShared: true })
        expect((yield* others.stems.status(stems)).status).toBe("ready")
        expect((yield* other.send(`${path}/zip`)).status).toBe(200)
        expect((yield* request(`${path}/zip`)).status).toBe(401)
        yield* person.patch(`/api/songs/${songId}/privacy`, { isPublic: false })
        expect((yield* other.get(path)).status).toBe(404)
        yield* person.patch(`/api/songs/${songId}/privacy`, { isPublic: true })
        yield* person.patch(sharing, { shared: false })
        expect((yield* other.send(`${path}/zip`)).status).toBe(404)
      }),
  )

  it.effect("are refused, changing nothing, for a song the engine did not play whole", () =>
    Effect.gen(function* () {
      const { api, user } = yield* signedUpWithClient("singer")
      yield* seedGeneration(user.id, "From Elsewhere", 1)
      const songs = yield* api.songs.mySongs()
      const stems = { path: { id: songs[0]!.id } }
      const refused = yield* Effect.flip(api.stems.make(stems))
      expect(refused).toBeInstanceOf(StemsUnavailable)
      expect(refused.message).toContain("offline engine")
      expect((yield* api.stems.status(stems)).status).toBe("none")
      const unknown = yield* Effect.flip(api.stems.make({ path: { id: "not-a-song" } }))
      expect(unknown._tag).toBe("NotFound")
    }),
  )
})

describeApp({ env: { ...env, ENGINE_TIMEOUT_SECONDS: "0.5" }, config })("stems that fail", (it) => {
  describe("an engine that runs out of time", () => {
    it.effect("fail with a message, and may be asked for again", () =>
      Effect.gen(function* () {
        const { api, user } = yield* signedUpWithClient("hurried")
        const { songId } = yield* seedEngineSong(user.id, "Rushed", facts, { requested: true })
        const stems = { path: { id: songId } }
        yield* api.stems.make(stems)
        yield* runJobs
        expect(yield* api.stems.status(stems)).toEqual({
          status: "failed",
          downloadUrl: null,
          error: "The stems could not be made. Please try again.",
        })
        expect((yield* api.stems.make(stems)).status).toBe("making")
      }),
    )
  })
})
