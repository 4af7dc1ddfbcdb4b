import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, settle, signUp, signUpGrantedAdmin } from "#app/testing.ts"
import { decodeBody } from "#app/testing-client.ts"
import { songOf } from "#app/testing-songs.ts"
import { OEmbed } from "#projections/songs/api-embeds.ts"
import { AppUrl } from "#toolkit/app-url.ts"

const oembedOf = (url: string, more = "") =>
  request(`/api/oembed?url=${encodeURIComponent(url)}${more}`)

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "1000" } })("a song on other sites", (it) => {
  it.effect(
    "oEmbed gives a public song's player to anyone who asks; nothing of a private or unknown one",
    () =>
      Effect.gen(function* () {
        const owner = yield* signUp("embedder")
        const other = yield* signUp("other")
        const admin = yield* signUpGrantedAdmin("admin")
        const shared = yield* songOf(owner, "Harbour Song")
        const diary = yield* songOf(owner, "Diary", false)
        yield* settle
        // Addresses on this site are the app's own address (APP_URL), wherever it listens.
        const base = yield* AppUrl
        const page = `${base}/song/${shared.id}`

        const answer = yield* oembedOf(page)
        expect(answer.status, answer.text).toBe(200)
        const embed = decodeBody(OEmbed, answer)
        expect(embed).toMatchObject({
          type: "rich",
          version: "1.0",
          title: "Harbour Song (Version 1)",
          author_name: owner.user.username,
          author_url: `${base}/u/${owner.user.username}`,
          provider_name: "Melody Studio",
          width: 560,
          height: 152,
        })
        expect(embed.html).toMatch(
          new RegExp(`^<iframe src="${base}/embed/song/${shared.id}" width="560" height="152" `),
        )
        expect(embed.html).toContain('title="Harbour Song (Version 1) on Melody Studio"')
        // The player's own address asks for the same; a consumer's narrower frame is honoured.
        expect(decodeBody(OEmbed, yield* oembedOf(`${base}/embed/song/${shared.id}`)).title).toBe(
          "Harbour Song (Version 1)",
        )
        expect(
          decodeBody(OEmbed, yield* oembedOf(page, "&maxwidth=300&maxheight=100")),
        ).toMatchObject({ width: 300, height: 100 })
        // The same answer whoever asks: it is public.
        for (const person of [owner, other, admin]) {
          const asked = yield* person.person.get(`/api/oembed?url=${encodeURIComponent(page)}`)
          expect(decodeBody(OEmbed, asked).html).toBe(embed.html)
        }

        // A private song has no player for other sites, even asked by its owner; nor has an unknown one.
        const missing = [
          `${base}/song/${diary.id}`,
          `${base}/song/00000000-0000-4000-8000-000000000000`,
          `https://elsewhere.example/song/${shared.id}`,
          `${base}/timeline`,
        ]
        for (const url of missing) {
          for (const asked of [
            oembedOf(url),
            owner.person.get(`/api/oembed?url=${encodeURIComponent(url)}`),
          ]) {
            const refused = yield* asked
            expect(refused.status, url).toBe(404)
            expect(refused.text).not.toContain("Diary")
          }
        }
        for (const bad of [
          "",
          "?url=",
          `?url=${"a".repeat(2001)}`,
          `?url=${encodeURIComponent(page)}&format=xml`,
          `?url=${encodeURIComponent(page)}&maxwidth=0`,
        ]) {
          const refused = yield* request(`/api/oembed${bad}`)
          expect(refused.status, bad).toBe(400)
          expect(refused.text, bad).toMatch(/url|format|maxwidth/)
        }
      }),
  )

  it.effect(
    "the player page may be framed by any site and plays the song; every other page may not be framed",
    () =>
      Effect.gen(function* () {
        const owner = yield* signUp("framed")
        const shared = yield* songOf(owner, "Lantern Waltz")
        const diary = yield* songOf(owner, "Secret Diary", false)
        yield* settle

        const player = yield* request(`/embed/song/${shared.id}`)
        expect(player.status).toBe(200)
        expect(player.headers.get("content-type")).toMatch(/^text\/html/)
        expect(player.headers.get("content-security-policy")).toContain("frame-ancestors *")
        expect(player.headers.get("content-security-policy")).not.toMatch(/script-src[^;]*unsafe/)
        expect(player.headers.get("x-frame-options")).toBeNull()
        expect(player.text).toContain(
          `<audio controls preload="metadata" src="/api/songs/${shared.id}/audio" data-song="${shared.id}"`,
        )
        // Its one script, from the app's own origin, counts its plays.
        expect(player.text).toContain('<script src="/embed-player.js" defer></script>')
        expect(player.text).toContain("Lantern Waltz (Version 1)")
        expect(player.text).toContain('<meta name="robots" content="noindex">')

        for (const hidden of [diary.id, "00000000-0000-4000-8000-000000000000"]) {
          const refused = yield* request(`/embed/song/${hidden}`)
          expect(refused.status).toBe(404)
          expect(refused.text).toContain("This song does not exist, or it is private.")
          expect(refused.text).not.toContain("Secret Diary")
        }
        // Made private, it stops playing in every frame at once: the page is asked for again each time.
        expect(player.headers.get("cache-control")).toBe("no-cache")
        yield* owner.person.patch(`/api/songs/${shared.id}/privacy`, { isPublic: false })
        expect((yield* request(`/embed/song/${shared.id}`)).status).toBe(404)

        // Nothing else under /embed/ is served, least of all the app, which no other site may frame.
        for (const path of [
          "/embed/",
          "/embed/song/",
          `/embed/song/${shared.id}/x`,
          "/embed/timeline",
        ]) {
          const other = yield* request(path)
          expect(other.status, path).toBe(404)
          expect(other.text, path).not.toContain('id="root"')
        }
        for (const path of ["/", "/timeline", `/song/${shared.id}`, "/api/health", "/embed/x"]) {
          const answer = yield* request(path)
          expect(answer.headers.get("x-frame-options"), path).toBe("DENY")
          expect(answer.headers.get("content-security-policy"), path).toContain(
            "frame-ancestors 'none'",
          )
        }
      }),
  )

  it.effect(
    "a public playlist has a player any site may frame, and oEmbed; a private one has neither, even for its owner",
    () =>
      Effect.gen(function* () {
        const owner = yield* signUp("listed")
        const other = yield* signUp("reader")
        const first = yield* songOf(owner, "Tideline")
        const hidden = yield* songOf(owner, "Kept Back", false)
        const made = yield* owner.person.post("/api/playlists", {
          name: "Shore <Songs>",
          songId: first.id,
        })
        const id = (made.body as { id: string }).id
        yield* owner.person.put(`/api/playlists/${id}/songs/${hidden.id}`)
        const secret = (
          (yield* owner.person.post("/api/playlists", { name: "Secret List", isPublic: false }))
            .body as { id: string }
        ).id
        yield* settle
        const base = yield* AppUrl

        const player = yield* request(`/embed/playlist/${id}`)
        expect(player.status).toBe(200)
        expect(player.headers.get("content-security-policy")).toContain("frame-ancestors *")
        expect(player.headers.get("x-frame-options")).toBeNull()
        expect(player.headers.get("cache-control")).toBe("no-cache")
        expect(player.text).toContain("Shore &lt;Songs&gt;")
        expect(player.text).toContain(`src="/api/songs/${first.id}/audio"`)
        expect(player.text).toContain(`Playlist by`)
        // A private song in it plays for nobody on other sites.
        expect(player.text).not.toContain(hidden.id)
        expect(player.text).not.toContain("Kept Back")

        for (const url of [`${base}/playlist/${id}`, `${base}/embed/playlist/${id}`]) {
          const answer = yield* other.person.get(`/api/oembed?url=${encodeURIComponent(url)}`)
          expect(answer.status, url).toBe(200)
          const embed = decodeBody(OEmbed, answer)
          expect(embed).toMatchObject({
            title: "Shore <Songs>",
            author_name: owner.user.username,
            width: 560,
            height: 400,
          })
          expect(embed.html).toMatch(
            new RegExp(`^<iframe src="${base}/embed/playlist/${id}" width="560" height="400" `),
          )
          expect(embed.html).toContain('title="Shore &lt;Songs&gt; on Melody Studio"')
        }

        for (const hiddenId of [secret, "00000000-0000-4000-8000-000000000000"]) {
          const refused = yield* request(`/embed/playlist/${hiddenId}`)
          expect(refused.status).toBe(404)
          expect(refused.text).toContain("This playlist does not exist, or it is private.")
          expect(refused.text).not.toContain("Secret List")
          const url = `${base}/playlist/${hiddenId}`
          const asked = yield* owner.person.get(`/api/oembed?url=${encodeURIComponent(url)}`)
          expect(asked.status).toBe(404)
          expect(asked.text).not.toContain("Secret List")
        }
        yield* owner.person.put(`/api/playlists/${id}/privacy`, { isPublic: false })
        expect((yield* request(`/embed/playlist/${id}`)).status).toBe(404)
        for (const path of [`/embed/playlist/${id}/x`, "/embed/playlist/", `/playlist/${id}`]) {
          const answer = yield* request(path)
          expect(answer.headers.get("x-frame-options"), path).toBe("DENY")
        }
      }),
  )
})
