import { join } from "node:path"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, settle, signUp } from "#app/testing.ts"
import { seedGeneration } from "#app/testing-songs.ts"
import { startFakeMusicApi } from "#stand-ins/fake-services/music-api.ts"
import { sineMp3 } from "#toolkit/test-audio.ts"

const fake = await startFakeMusicApi({
  apiKey: "music-test-key",
  audio: await Effect.runPromise(sineMp3(1, 523)),
})

const env = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  SIGNUP_CREDITS: "10",
  MUSIC_API_URL: fake.url,
  MUSIC_API_KEY: "music-test-key",
}
const config = { webDist: join(import.meta.dirname, "..", "..", "..", "web", "dist") }

describeApp({ env, config })("operations with the music API", (it) => {
  it.effect("are offered only as the music API declares them, and refused by name otherwise", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("api")
      expect((yield* person.get("/api/song-operations")).body).toEqual({
        maker: "music-api",
        operations: [],
      })
      yield* seedGeneration(user.id, "Harbour Lights", 1)
      const songs = (yield* person.get("/api/songs/my-songs")).body as ReadonlyArray<{ id: string }>
      const answer = yield* person.post(`/api/songs/${songs[0]!.id}/extend`, { lyrics: "More" })
      expect(answer.status).toBe(422)
      expect(answer.body).toMatchObject({
        _tag: "OperationUnsupported",
        operation: "extend",
        maker: "music-api",
        message: "The music API can't extend songs.",
      })
      yield* settle
      expect(((yield* person.get("/api/credits")).body as { credits: number }).credits).toBe(10)
      expect(fake.requests.filter((r) => r.path.includes("extend"))).toEqual([])
    }),
  )
})
