import { createServer } from "node:net"
import { join } from "node:path"
import { Effect } from "effect"
import { startFakeMusicApi } from "#stand-ins/fake-services/music-api.ts"
import { sineMp3 } from "#toolkit/test-audio.ts"

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

/**
 * A fake Suno-style music API, every track a second of C5, and the app's settings to make songs with it:
 * its address and key, quick polls, and a port of the app's own, so that `APP_URL` is where the fake
 * posts its callbacks and fetches our stored copies.
 */
export const withFakeMusicApi = async (env: Record<string, string> = {}) => {
  const fake = await startFakeMusicApi({
    apiKey: "music-test-key",
    audio: await Effect.runPromise(sineMp3(1, 523)),
  })
  const port = await freePort()
  return {
    fake,
    env: {
      REGISTRATIONS_PER_ADDRESS: "1000",
      GENERATIONS_PER_HOUR: "1000",
      GENERATIONS_PER_ADDRESS: "1000",
      GENERATION_POLL_SECONDS: "0.2",
      MUSIC_API_URL: fake.url,
      MUSIC_API_KEY: "music-test-key",
      MUSIC_CALLBACK_SECRET: "callback-secret-for-tests",
      ...env,
    },
    config: {
      port,
      appUrl: `http://127.0.0.1:${port}`,
      webDist: join(import.meta.dirname, "..", "web", "dist"),
    },
  }
}
