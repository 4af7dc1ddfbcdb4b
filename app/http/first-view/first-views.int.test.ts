import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, settle, signUp } from "../../testing.ts"
import { callAs } from "../../testing-client.ts"
import { seedGeneration } from "../../testing-songs.ts"

// The built page's shape, as web/index.html has it: the server fills its head and its root.
const webDist = mkdtempSync(join(tmpdir(), "melody-dist-"))
writeFileSync(
  join(webDist, "index.html"),
  `<!doctype html><html><head><meta name="description" content="The app."><title>Melody Studio</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`,
)

/** A person with a generation of `versions` songs; the first `shown` of them made public. */
const publicSongs = (title: string, versions: number, shown: number, style?: string) =>
  Effect.gen(function* () {
    const owner = yield* signUp("owner")
    yield* seedGeneration(owner.user.id, title, versions, style, { cover: new Uint8Array([1, 2]) })
    const songs = [...(yield* callAs(owner.person, (api) => api.songs.mySongs()))].sort((a, b) =>
      a.title.localeCompare(b.title),
    )
    for (const song of songs.slice(0, shown))
      yield* owner.person.patch(`/api/songs/${song.id}/privacy`, { isPublic: true })
    yield* settle
    return { owner, songs }
  })

/** What the page shows before any script runs: the app's root as the server filled it. */
const rootOf = (html: string) => /<div id="root"([^>]*)>([\s\S]*)<\/div><script/.exec(html)

/** The root's text as a reader sees it: without the marks React leaves between adjacent texts. */
const textOf = (view: string) => view.replace(/<!-- -->/g, "")

/** The state the page was drawn from, which the app hydrates it from: there once, as data. */
const stateOf = (html: string) => {
  const scripts = [
    ...html.matchAll(/<script type="application\/json" id="first-view-state">([^<]*)<\/script>/g),
  ]
  expect(scripts).toHaveLength(1)
  return JSON.parse(scripts[0]![1]!) as {
    queries: Array<{ queryKey: Array<unknown>; state: { data: unknown } }>
  }
}

describeApp({ config: { webDist } })("pages the server draws", (it) => {
  it.effect(
    "a public song's page: its head for previews and search engines, nothing of a private one",
    () =>
      Effect.gen(function* () {
        const { owner, songs } = yield* publicSongs("Northern <Lights>", 1, 1, "Electronic, dreamy")
        const song = songs[0]!
        const page = yield* request(`/song/${song.id}`)
        expect(page.status).toBe(200)
        expect(page.text).toContain(
          `<meta property="og:title" content="Northern &lt;Lights&gt; (Version 1)">`,
        )
        expect(page.text).toContain(`by ${owner.user.username} on Melody Studio`)
        expect(page.text).toMatch(
          new RegExp(`<meta property="og:audio" content="http[^"]+/api/songs/${song.id}/audio">`),
        )
        // Other sites find its player through oEmbed's discovery link.
        expect(page.text).toMatch(
          new RegExp(
            `<link rel="alternate" type="application/json\\+oembed" href="http[^"]+/api/oembed\\?url=http[^"]+%2Fsong%2F${song.id}"`,
          ),
        )
        // Its own title and description, not the app's as well.
        expect(page.text.match(/<title>/g)).toHaveLength(1)
        expect(page.text).toContain(
          `<title>Northern &lt;Lights&gt; (Version 1) - Melody Studio</title>`,
        )
        expect(page.text.match(/<meta name="description"/g)).toHaveLength(1)
        expect(page.text).toMatch(
          new RegExp(`<link rel="canonical" href="http[^"]+/song/${song.id}">`),
        )
        // The song as schema.org describes one, nothing in it closing its script.
        const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page.text)?.[1]
        expect(JSON.parse(ld!)).toMatchObject({
          "@type": "MusicRecording",
          name: "Northern <Lights> (Version 1)",
          genre: "Electronic, dreamy",
          byArtist: { "@type": "Person", name: owner.user.username },
          image: `http://127.0.0.1/api/songs/${song.id}/cover`,
          audio: { encodingFormat: "audio/mpeg" },
        })
        expect(JSON.parse(ld!).duration).toMatch(/^PT\d+M\d+S$/)

        yield* owner.person.patch(`/api/songs/${song.id}/privacy`, { isPublic: false })
        const hidden = yield* request(`/song/${song.id}`)
        expect(hidden.text).not.toContain("og:title")
        expect(hidden.text).not.toContain("Northern")
        expect(rootOf(hidden.text)?.[2]).toBe("")
      }),
  )

  it.effect(
    "a public song's page shows its title, creator, cover, lyrics and a player without any script",
    () =>
      Effect.gen(function* () {
        const { owner, songs } = yield* publicSongs("Harbour & <Lights> $' $&", 1, 1)
        const song = songs[0]!
        const page = (yield* request(`/song/${song.id}`)).text
        const [, marks, view] = rootOf(page) ?? []
        expect(marks).toContain("data-first-view")
        // Shown from the first paint: the document is marked, which holds the entrance animation back.
        expect(page).toMatch(/<html data-first-view="shared"[\s>]/)
        const text = textOf(view!)
        expect(text).toContain(`Harbour &amp; &lt;Lights&gt; $&#x27; $&amp; (Version 1)</h1>`)
        // The creator's name opens their page.
        expect(text).toMatch(
          new RegExp(
            `by <a[^>]* href="/u/${owner.user.username}"[^>]*>${owner.user.username}</a> · Pop, upbeat, female vocals`,
          ),
        )
        // The app's own page: its header's way in, the like button and the footer, drawn by its components.
        expect(text).toMatch(/<a[^>]* href="\/auth"[^>]*>Sign in<\/a>/)
        expect(text).toMatch(/<button[^>]*aria-label="Like Harbour/)
        expect(text).toContain("Melody Studio · Songs from ideas")
        // The cover at the width the page draws it (the whole width on a phone, 18rem beside the words),
        // asked for at once: it is what a phone paints largest.
        const cover = `/api/songs/${song.id}/cover`
        const image = /<img [^>]*>/.exec(text)?.[0] ?? ""
        expect(image).toContain(`src="${cover}"`)
        expect(image).toContain(
          `srcSet="${cover}?width=256 256w, ${cover}?width=512 512w, ${cover}?width=768 768w, ${cover} 1024w"`,
        )
        expect(image).toContain(`sizes="(min-width: 768px) 18rem, 100vw"`)
        expect(image).toContain(
          `alt="Cover of Harbour &amp; &lt;Lights&gt; $&#x27; $&amp; (Version 1)"`,
        )
        expect(image).toContain(`fetchPriority="high"`)
        expect(text).toContain("A song called Harbour &amp; &lt;Lights&gt; $&#x27; $&amp;</pre>")
        expect(view).not.toContain("<Lights>")
        // The song the page shows, as its read answers it (dates as the API writes them), and nobody's
        // session: each browser asks for its own.
        const { queries } = stateOf(page)
        expect(queries.map((query) => query.queryKey)).toEqual([["songs", "one", song.id]])
        expect(queries[0]!.state.data).toMatchObject({
          id: song.id,
          title: song.title,
          createdAt: song.createdAt.toISOString(),
          liked: false,
        })
        const src = /<noscript><audio controls[^>]* src="([^"]+)"/.exec(view!)?.[1]
        expect(src).toBe(`/api/songs/${song.id}/audio`)
        // The player plays for anyone: its link works without a session.
        const audio = yield* request(src!)
        expect(audio.status).toBe(200)
        expect(audio.headers.get("content-type")).toBe("audio/mpeg")
      }),
  )

  it.effect(
    "the timeline's first page lists public songs, most liked first, never a private one",
    () =>
      Effect.gen(function* () {
        const { owner, songs } = yield* publicSongs("Paper Boats", 3, 2)
        // Version 2 is liked: it comes first though Version 1 was shared first.
        const [plain, liked, kept] = songs
        const fan = yield* signUp("fan")
        expect((yield* fan.person.post(`/api/songs/${liked!.id}/like`, {})).status).toBe(200)
        yield* settle
        const page = yield* request("/timeline")
        expect(page.status).toBe(200)
        expect(page.text).toContain("<title>Public timeline - Melody Studio</title>")
        expect(page.text).toMatch(/<link rel="canonical" href="http:\/\/127.0.0.1\/timeline">/)
        const view = rootOf(page.text)?.[2] ?? ""
        expect(view).toContain("Public timeline</h1>")
        // Each card links its song twice, from its cover and its title: the songs in the order drawn.
        const listed = [
          ...new Set([...view.matchAll(/<a [^>]*href="\/song\/([^"]+)"/g)].map((m) => m[1])),
        ]
        expect(listed.indexOf(liked!.id)).toBeGreaterThanOrEqual(0)
        expect(listed.indexOf(liked!.id)).toBeLessThan(listed.indexOf(plain!.id))
        expect(listed).not.toContain(kept!.id)
        expect(view).toContain(
          `<noscript><audio controls="" preload="none" src="/api/songs/${plain!.id}/audio"`,
        )
        expect(view).toContain(
          `srcSet="/api/songs/${plain!.id}/cover?width=256 256w, /api/songs/${plain!.id}/cover?width=512 512w, /api/songs/${plain!.id}/cover?width=768 768w, /api/songs/${plain!.id}/cover 1024w" sizes="(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 100vw"`,
        )
        expect(view).toContain(owner.user.username)
        // Every part of the page is in place as it arrives: nothing waits for a script to move it there.
        expect(view).not.toMatch(/<script|<template|id="S:/)
        // The app's genre filter, drawn from the songs on the page.
        expect(view).toContain(`<legend class="sr-only">Filter by genre</legend>`)
        // The page of songs the app's timeline starts from, in the order drawn.
        const { queries } = stateOf(page.text)
        expect(queries.map((query) => query.queryKey)).toEqual([["songs", "public"]])
        const pages = (queries[0]!.state.data as { pages: Array<{ songs: Array<{ id: string }> }> })
          .pages
        expect(pages.map((p) => p.songs.map((song) => song.id))).toEqual([listed])
        const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page.text)?.[1]
        const playlist = JSON.parse(ld!) as {
          "@type": string
          url: string
          numTracks: number
          track: {
            itemListElement: Array<{ position: number; item: { "@type": string; url: string } }>
          }
        }
        expect(playlist).toMatchObject({
          "@type": "MusicPlaylist",
          url: "http://127.0.0.1/timeline",
          numTracks: listed.length,
        })
        const tracks = playlist.track.itemListElement
        expect(tracks.map((entry) => entry.item.url)).toEqual(
          listed.map((id) => `http://127.0.0.1/song/${id}`),
        )
        expect(tracks[0]).toMatchObject({ position: 1, item: { "@type": "MusicRecording" } })

        // Read again unchanged, the page is the one drawn for this stamp of the timeline: answered too.
        const again = yield* request("/timeline").pipe(Effect.timeout("5 seconds"))
        expect(again.status).toBe(200)
        expect(rootOf(again.text)?.[2]).toBe(view)
        // Drawn per request, it is compressed as it is sent.
        const compressed = yield* request("/timeline", { headers: { "accept-encoding": "br" } })
        expect(compressed.headers.get("content-encoding")).toBe("br")
        expect(rootOf(compressed.text)?.[2]).toBe(view)

        // Made private, a song leaves the next page at once.
        yield* owner.person.patch(`/api/songs/${liked!.id}/privacy`, { isPublic: false })
        const after = rootOf((yield* request("/timeline")).text)?.[2] ?? ""
        expect(after).not.toContain(liked!.id)
        expect(after).toContain(plain!.id)
      }),
  )

  it.effect("other pages are the app's own, with nothing drawn", () =>
    Effect.gen(function* () {
      // The timeline is drawn for its first list, most liked: its other lists are the app's to draw.
      for (const path of [
        "/library",
        "/terms",
        `/song/${crypto.randomUUID()}`,
        "/timeline?tab=newest",
        "/timeline?tab=following",
      ]) {
        const page = yield* request(path)
        expect(page.status).toBe(200)
        expect(rootOf(page.text)?.[0]).toContain('<div id="root"></div>')
        expect(page.text).toContain("<title>Melody Studio</title>")
        expect(page.text).not.toContain("data-first-view")
      }
    }),
  )
})
