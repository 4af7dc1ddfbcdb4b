import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, serverUrl, settle, signUp, signUpAdmin } from "../testing.ts"
import { callAs } from "../testing-client.ts"
import { seedGeneration } from "../testing-songs.ts"

const adminEmail = "headers-admin@example.com"
const env = { REGISTRATIONS_PER_ADDRESS: "1000", ADMIN_EMAIL: adminEmail }
const synced = { lines: [{ text: "A song called Kept", startMs: 500, endMs: 1_500, words: [] }] }

const webDist = mkdtempSync(join(tmpdir(), "melody-dist-"))
writeFileSync(
  join(webDist, "index.html"),
  `<!doctype html><html><head><title>Melody Studio</title></head><body><div id="root"></div></body></html>`,
)

/** A person with two songs: the first private, the second public. */
const songsOf = Effect.gen(function* () {
  const owner = yield* signUp("owner")
  yield* seedGeneration(owner.user.id, "Kept", 2, "Pop", {
    cover: new Uint8Array([1, 2, 3]),
    synced,
  })
  const [hidden, shown] = [...(yield* callAs(owner.person, (api) => api.songs.mySongs()))].sort(
    (a, b) => a.title.localeCompare(b.title),
  )
  yield* owner.person.patch(`/api/songs/${shown!.id}/privacy`, { isPublic: true })
  yield* settle
  return { owner, hidden: hidden!.id, shown: shown!.id }
})

describeApp({ env, config: { webDist } })("what answers say about themselves", (it) => {
  it.effect(
    "an answer that depends on who asks is never kept, by the browser or by a cache between; one anyone gets alike keeps its caching",
    () =>
      Effect.gen(function* () {
        const { owner, hidden, shown } = yield* songsOf
        const { person: admin } = yield* signUpAdmin("headers-admin", adminEmail)
        const kept: Array<string> = []
        const personal = [
          "/api/user",
          "/api/session",
          "/api/songs/my-songs",
          "/api/songs/liked",
          "/api/credits",
          "/api/credits/transactions",
          "/api/lyrics/draft",
          `/api/songs/${hidden}`,
          `/api/songs/${hidden}/lrc`,
          `/api/songs/${hidden}/synced-lyrics`,
          // The timeline as a signed-in reader sees it: their own hearts.
          "/api/songs/public?limit=50",
          `/api/songs/${shown}`,
        ]
        for (const path of personal) {
          const answer = yield* owner.person.get(path)
          expect(answer.status, path).toBe(200)
          if (answer.headers.get("cache-control") !== "private, no-store")
            kept.push(`${path}: ${answer.headers.get("cache-control")}`)
        }
        const csv = yield* admin.get(`/api/admin/ledger/${owner.user.id}/csv`)
        expect(csv.status).toBe(200)
        expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8")
        if (csv.headers.get("cache-control") !== "private, no-store")
          kept.push(`ledger CSV: ${csv.headers.get("cache-control")}`)
        // Signing in sets the session's cookie.
        const login = yield* request("/api/login", {
          method: "POST",
          headers: { "content-type": "application/json", origin: yield* serverUrl },
          body: JSON.stringify({ username: owner.user.username, password: "secret-password" }),
        })
        expect(login.status).toBe(200)
        if (login.headers.get("cache-control") !== "private, no-store")
          kept.push(`login: ${login.headers.get("cache-control")}`)
        expect(kept).toEqual([])

        // Anyone's timeline pages, a public song's files and the built app keep theirs.
        const timeline = yield* request("/api/songs/public?limit=50")
        expect(timeline.text).toContain(shown)
        expect(timeline.headers.get("cache-control")).toBeNull()
        for (const path of [`/api/songs/${shown}/cover`, `/api/songs/${shown}/audio`])
          expect((yield* request(path)).headers.get("cache-control"), path).toBe(
            "private, max-age=3600",
          )
        expect((yield* request("/timeline")).headers.get("cache-control")).toBe("no-cache")
        expect((yield* request("/sitemap.xml")).headers.get("cache-control")).toBe(
          "public, max-age=3600",
        )
      }),
  )

  it.effect(
    "text says it is UTF-8, whoever wrote it: pages, plain text, LRC, XML (CSV above)",
    () =>
      Effect.gen(function* () {
        const { owner, hidden, shown } = yield* songsOf
        const types = {
          "timeline page": (yield* request("/timeline")).headers.get("content-type"),
          "song page": (yield* request(`/song/${shown}`)).headers.get("content-type"),
          "the app's page": (yield* request("/library")).headers.get("content-type"),
          "API docs": (yield* request("/api/docs")).headers.get("content-type"),
          "robots.txt": (yield* request("/robots.txt")).headers.get("content-type"),
          sitemap: (yield* request("/sitemap.xml")).headers.get("content-type"),
          "a missing built file": (yield* request("/assets/gone.js")).headers.get("content-type"),
          LRC: (yield* owner.person.get(`/api/songs/${hidden}/lrc`)).headers.get("content-type"),
        }
        expect(types).toEqual({
          "timeline page": "text/html; charset=utf-8",
          "song page": "text/html; charset=utf-8",
          "the app's page": "text/html; charset=utf-8",
          "API docs": "text/html; charset=utf-8",
          "robots.txt": "text/plain; charset=utf-8",
          sitemap: "application/xml; charset=utf-8",
          "a missing built file": "text/plain; charset=utf-8",
          LRC: "application/x-lrc; charset=utf-8",
        })
        // JSON is UTF-8 by its definition (RFC 8259), which registers no charset for it.
        expect((yield* request("/api/site")).headers.get("content-type")).toBe("application/json")
      }),
  )
})
