import { type ChildProcess, spawn } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterAll, inject } from "vitest"
import type { MusicMakerName } from "#events/contracts/media.ts"
import { dropDatabase, ensureDatabase } from "#events/store/databases.ts"
import { freePort } from "#events/test-postgres.ts"
import { startFakeMusicApi } from "#stand-ins/fake-services/music-api.ts"
import { sineMp3 } from "#toolkit/test-audio.ts"

/**
 * Real server processes for tests that kill one (`kill -9`) and start another on the same database, and a
 * client that keeps the session cookie across them.
 */
export const serverProcesses = (options: { readonly env: Readonly<Record<string, string>> }) => {
  let base = ""
  const running: Array<ChildProcess> = []
  let cookie = ""

  /** SIGKILL to the server's whole process group: no shutdown, no cleanup, as in a crash. */
  const kill = (server: ChildProcess) => {
    try {
      process.kill(-server.pid!, "SIGKILL")
    } catch {
      // gone already
    }
  }

  /**
   * One server on a fresh port. The port was free when picked, but anything may take it before the server
   * listens (another test's server, an outgoing connection): the server must prove it is this one (its
   * contact address is a token of this start), and one that dies while starting is tried on another port.
   * A start may take a minute on a busy machine. The server is the run's bundle (server-bundle-setup.ts).
   */
  const startOn = async (port: number, env: Readonly<Record<string, string>>) => {
    const token = `start-${crypto.randomUUID()}@example.com`
    const address = `http://127.0.0.1:${port}`
    const server = spawn(process.execPath, [join(inject("serverBundle"), "main.js")], {
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        PORT: String(port),
        APP_URL: address,
        CONTACT_EMAIL: token,
        ...options.env,
        ...env,
      },
    })
    running.push(server)
    for (let i = 0; i < 600 && server.exitCode === null && server.signalCode === null; i++) {
      const contact = await fetch(`${address}/api/site`).then(
        async (r) =>
          r.ok ? ((await r.json()) as { contactEmail?: string }).contactEmail : undefined,
        () => undefined,
      )
      if (contact === token) {
        base = address
        return server
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    kill(server)
    return undefined
  }

  /** A server, with `env` besides what every one of them is started with; calls go to it from now. */
  const start = async (env: Readonly<Record<string, string>> = {}) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const server = await startOn(await freePort(), env)
      if (server) return server
    }
    throw new Error("the server did not start")
  }

  /**
   * Kills the server alone, as `kill -9 <pid>` does, and waits until it is gone: what it started must end
   * by itself.
   */
  const crash = async (server: ChildProcess) => {
    const exited = new Promise((resolve) => server.once("exit", resolve))
    process.kill(server.pid!, "SIGKILL")
    await exited
  }

  const call = async (path: string, body?: unknown) => {
    const headers = { "content-type": "application/json", origin: base, cookie }
    const response = await fetch(
      base + path,
      body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) },
    )
    const set = response.headers.getSetCookie()[0]
    if (set) cookie = set.split(";")[0]!
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  /** The raw bytes of a response, with the session. */
  const bytes = async (path: string) => {
    const response = await fetch(base + path, { headers: { origin: base, cookie } })
    return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) }
  }

  const closeAll = () => {
    for (const server of running) kill(server)
  }

  /** The address of the server started last. */
  const url = () => base

  return { start, crash, call, bytes, closeAll, url }
}

/** Looks until `done` or `seconds` have passed; the last look either way. */
export const waitFor = async <A>(
  look: () => Promise<A>,
  done: (a: A) => boolean,
  seconds: number,
) => {
  const until = Date.now() + seconds * 1000
  let last = await look()
  while (!done(last) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    last = await look()
  }
  return last
}

/**
 * What a crash test's servers share: the test file's own database and data folder, and a fake music API
 * whose songs are sine tones of `seconds` (reported as that long); all removed after the file's tests.
 * `env` adds to (or overrides) what every server is started with. A vanished worker's job is taken up
 * after 4 s: soon enough for short tests, and three missed beats, so a server starved of the CPU by
 * renders on a loaded machine is not taken for dead.
 */
export const crashRig = async (
  name: string,
  song: { readonly seconds: number },
  maker: MusicMakerName = "music-api",
  env: Readonly<Record<string, string>> = {},
) => {
  const adminUrl = inject("adminDatabaseUrl")
  // Named as every test database is, its time first: a run that starts meanwhile drops only stale ones.
  const databaseName = `melody_test_${Date.now().toString(36)}_${name}`
  const databaseUrl = await ensureDatabase(adminUrl, databaseName)
  const dataDir = await mkdtemp(join(tmpdir(), `melody-${name}-`))
  const fake = await startFakeMusicApi({
    apiKey: "crash-key",
    audio: await Effect.runPromise(sineMp3(song.seconds, 440)),
    durationSeconds: song.seconds,
  })
  const servers = serverProcesses({
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      SIGNUP_CREDITS: "10",
      ...(maker === "music-api" ? { MUSIC_API_URL: fake.url, MUSIC_API_KEY: "crash-key" } : {}),
      GENERATION_POLL_SECONDS: "0.3",
      GENERATION_STALLED_SECONDS: "4",
      ...env,
    },
  })
  afterAll(async () => {
    servers.closeAll()
    await fake.close()
    await dropDatabase(adminUrl, databaseName)
    await rm(dataDir, { recursive: true, force: true })
  })
  return { servers, fake, databaseUrl }
}
