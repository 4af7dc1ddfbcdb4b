import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, settle, signUp } from "../../testing.ts"
import { newPlaylist, songOf } from "../../testing-playlists.ts"

// The built page's shape, as web/index.html has it: the server fills its head and its root.
const webDist = mkdtempSync(join(tmpdir(), "melody-dist-"))
writeFileSync(
  join(webDist, "index.html"),
  `<!doctype html><html><head><meta name="description" content="The app."><title>Melody Studio</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`,
)

/** What the page shows before any script runs: the app's root as the server filled it, as text. */
const viewOf = (html: string) =>
  (/<div id="root"[^>]*>([\s\S]*)<\/div><script/.exec(html)?.[1] ?? "").replace(/<!-- -->/g, "")

/** The page's schema.org description. */
const linkedData = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1] ?? "null")

/** The query keys of the state the page was drawn from. */
const drawnKeys = (html: string) => {
  const state = /<script type="application\/json" id="first-view-state">([^<]*)<\/script>/.exec(
    html,
  )
  return (JSON.parse(state?.[1] ?? "{}") as { queries: Array<{ queryKey: unknown }> }).queries.map(
    (query) => query.queryKey,
  )
}

describeApp({ config: { webDist } })("community pages the server draws", (it) => {
  it.effect(
    "a creator's page: their name, counts, public songs and playlists, a profile for previews",
    () =>
      Effect.gen(function* () {
        const creator = yield* signUp("drawn")
        const { username } = creator.user
        const shown = yield* songOf(creator, "Open Window")
        const hidden = yield* songOf(creator, "Diary Entry", false)
        yield* creator.person.put("/api/profile", {
          name: "Ada <Lovelace>",
          bio: "Songs about engines & looms.",
          links: ["https://example.com/ada"],
        })
        const list = yield* newPlaylist(creator, {
          name: "Night Drives",
          isPublic: true,
          songId: shown,
        })
        yield* newPlaylist(creator, { name: "Drafts Only", isPublic: false, songId: shown })
        const fan = yield* signUp("fan")
        yield* fan.person.put(`/api/creators/${username}/follow`, {})
        yield* settle

        const page = yield* request(`/u/${username}`)
        expect(page.status).toBe(200)
        expect(page.text).toMatch(/<html data-first-view="shared"[\s>]/)
        expect(page.text).toContain(
          `<title>Ada &lt;Lovelace&gt; (@${username}) - Melody Studio</title>`,
        )
        expect(page.text).toContain(`<meta property="og:type" content="profile">`)
        expect(page.text).toContain(
          `<meta property="og:description" content="Songs about engines &amp; looms.">`,
        )
        expect(page.text).toContain(`<meta property="profile:username" content="${username}">`)
        expect(page.text).toContain(`<link rel="canonical" href="http://127.0.0.1/u/${username}">`)
        expect(page.text.match(/<title>/g)).toHaveLength(1)
        const profile = linkedData(page.text)
        expect(profile).toMatchObject({
          "@type": "ProfilePage",
          mainEntity: {
            "@type": "Person",
            name: "Ada <Lovelace>",
            alternateName: `@${username}`,
            sameAs: ["https://example.com/ada"],
            interactionStatistic: [{ userInteractionCount: 1 }],
          },
        })
        expect(profile.hasPart.map((song: { name: string }) => song.name)).toEqual([
          "Open Window (Version 1)",
        ])

        const view = viewOf(page.text)
        expect(view).toContain("Ada &lt;Lovelace&gt;</h1>")
        expect(view).toMatch(/>1<\/span> <span[^>]*>Follower<\/span>/)
        expect(view).toContain(`href="/song/${shown}"`)
        expect(view).not.toContain(hidden)
        expect(view).not.toContain("Diary Entry")
        expect(view).toContain(`href="/playlist/${list}"`)
        expect(view).not.toContain("Drafts Only")
        expect(drawnKeys(page.text)).toEqual(
          expect.arrayContaining([
            ["creators", username.toLowerCase()],
            ["songs", "creator", username.toLowerCase()],
            ["playlists", "creator", username.toLowerCase()],
          ]),
        )
        expect(JSON.stringify(drawnKeys(page.text))).not.toContain("identity")

        // Nobody by that name: the app's plain page, which says so.
        const unknown = yield* request("/u/nobody_by_this_name")
        expect(unknown.status).toBe(200)
        expect(viewOf(unknown.text)).toBe("")
        expect(unknown.text).toContain("<title>Melody Studio</title>")
      }),
  )

  it.effect(
    "a public playlist's page: its songs in order, its oEmbed and MusicPlaylist; a private one is not drawn",
    () =>
      Effect.gen(function* () {
        const owner = yield* signUp("lister")
        const first = yield* songOf(owner, "Morning Tide")
        const second = yield* songOf(owner, "Evening Tide")
        const kept = yield* songOf(owner, "Own Tide", false)
        const id = yield* newPlaylist(owner, {
          name: "Tides & <Times>",
          description: "Both ends of the day.",
          isPublic: true,
          songId: second,
        })
        for (const song of [first, kept])
          yield* owner.person.put(`/api/playlists/${id}/songs/${song}`, {})
        const secret = yield* newPlaylist(owner, {
          name: "Secret Tides",
          isPublic: false,
          songId: first,
        })
        yield* settle

        const page = yield* request(`/playlist/${id}`)
        expect(page.status).toBe(200)
        expect(page.text).toContain(`<title>Tides &amp; &lt;Times&gt; - Melody Studio</title>`)
        expect(page.text).toContain(`<meta property="og:type" content="music.playlist">`)
        expect(page.text).toContain(
          `<meta property="og:description" content="Both ends of the day.">`,
        )
        expect(page.text).toContain(
          `<meta property="music:song" content="http://127.0.0.1/song/${second}">`,
        )
        expect(page.text).toContain(
          `<link rel="alternate" type="application/json+oembed" href="http://127.0.0.1/api/oembed?url=http%3A%2F%2F127.0.0.1%2Fplaylist%2F${id}"`,
        )
        const playlist = linkedData(page.text)
        expect(playlist).toMatchObject({
          "@type": "MusicPlaylist",
          name: "Tides & <Times>",
          numTracks: 2,
          author: { "@type": "Person", name: owner.user.username },
        })
        expect(
          playlist.track.itemListElement.map(
            (entry: { item: { name: string } }) => entry.item.name,
          ),
        ).toEqual(["Evening Tide (Version 1)", "Morning Tide (Version 1)"])
        const view = viewOf(page.text)
        expect(view).toContain("Tides &amp; &lt;Times&gt;</h1>")
        expect(view.indexOf(`/song/${second}`)).toBeLessThan(view.indexOf(`/song/${first}`))
        expect(view).not.toContain(kept)
        expect(drawnKeys(page.text)).toEqual([["playlists", "one", id]])

        // Private, or the built-in list of one's likes: nothing of it is drawn or named.
        for (const path of [`/playlist/${secret}`, "/playlist/liked"]) {
          const plain = yield* request(path)
          expect(plain.status).toBe(200)
          expect(viewOf(plain.text)).toBe("")
          expect(plain.text).not.toContain("Secret Tides")
          expect(plain.text).toContain("<title>Melody Studio</title>")
        }
      }),
  )
})
