import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, settle, signUp } from "../testing.ts"
import { callAs } from "../testing-client.ts"
import { newPlaylist } from "../testing-playlists.ts"
import { seedGeneration } from "../testing-songs.ts"

const webDist = mkdtempSync(join(tmpdir(), "melody-dist-"))
writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Melody Studio</title>")

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])

describeApp({ config: { webDist } })("what the site tells search engines", (it) => {
  it.effect("robots.txt keeps crawlers off the API and private pages and names the sitemap", () =>
    Effect.gen(function* () {
      const robots = yield* request("/robots.txt")
      expect(robots.status).toBe(200)
      expect(robots.headers.get("content-type")).toContain("text/plain")
      const lines = robots.text.split("\n")
      expect(lines).toContain("User-agent: *")
      expect(lines).toContain("Disallow: /api/")
      expect(lines).toContain("Disallow: /library")
      expect(lines).toContain("Sitemap: http://127.0.0.1/sitemap.xml")
      expect(robots.text).not.toContain("<!doctype")
    }),
  )

  it.effect(
    "the sitemap lists the public pages, public songs, their creators and playlists, never a private one",
    () =>
      Effect.gen(function* () {
        const owner = yield* signUp("mapped")
        const { person, user } = owner
        yield* seedGeneration(user.id, "Lighthouse", 2)
        const songs = yield* callAs(person, (api) => api.songs.mySongs())
        const [shown, hidden] = songs.map((song) => song.id)
        for (const id of [shown, hidden])
          yield* person.patch(`/api/songs/${id}/privacy`, { isPublic: true })
        yield* person.patch(`/api/songs/${hidden}/privacy`, { isPublic: false })
        // A public list of a public song is listed; a private list, or one of private songs only, is not.
        const listedList = yield* newPlaylist(owner, {
          name: "Shown",
          isPublic: true,
          songId: shown,
        })
        const privateList = yield* newPlaylist(owner, {
          name: "Own",
          isPublic: false,
          songId: shown,
        })
        const thinList = yield* newPlaylist(owner, { name: "Thin", isPublic: true, songId: hidden })
        yield* settle

        const index = yield* request("/sitemap.xml")
        expect(index.status).toBe(200)
        expect(index.headers.get("content-type")).toContain("application/xml")
        expect(index.text).toContain("<sitemapindex")
        expect(locations(index.text)).toEqual([
          "http://127.0.0.1/sitemap-pages.xml",
          "http://127.0.0.1/sitemap-songs-1.xml",
          "http://127.0.0.1/sitemap-creators-1.xml",
          "http://127.0.0.1/sitemap-playlists-1.xml",
        ])
        const lists = (yield* request("/sitemap-playlists-1.xml")).text
        expect(locations(lists)).toEqual([`http://127.0.0.1/playlist/${listedList}`])
        expect(lists).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/)
        for (const id of [privateList, thinList]) expect(lists).not.toContain(id)
        // A creator with a public song; someone with none has no page worth listing.
        const quiet = yield* signUp("quiet")
        const creators = locations((yield* request("/sitemap-creators-1.xml")).text)
        expect(creators).toContain(`http://127.0.0.1/u/${user.username}`)
        expect(creators).not.toContain(`http://127.0.0.1/u/${quiet.user.username}`)
        expect(locations((yield* request("/sitemap-pages.xml")).text)).toContain(
          "http://127.0.0.1/timeline",
        )
        const listed = locations((yield* request("/sitemap-songs-1.xml")).text)
        expect(listed).toContain(`http://127.0.0.1/song/${shown}`)
        expect(listed).not.toContain(`http://127.0.0.1/song/${hidden}`)

        // Made private: gone from the next answer.
        yield* person.patch(`/api/songs/${shown}/privacy`, { isPublic: false })
        yield* settle
        expect(locations((yield* request("/sitemap.xml")).text)).toEqual([
          "http://127.0.0.1/sitemap-pages.xml",
        ])
        expect((yield* request("/sitemap-songs-1.xml")).status).toBe(404)
        expect((yield* request("/sitemap-creators-1.xml")).status).toBe(404)
        expect((yield* request("/sitemap-playlists-1.xml")).status).toBe(404)
      }),
  )
})
