import { expect } from "@effect/vitest"
import { Effect } from "effect"
import sharp from "sharp"
import { describeApp, request, settle, signUp, signUpGrantedAdmin } from "#app/testing.ts"

const env = { REGISTRATIONS_PER_ADDRESS: "1000" }

/** An image of `width` × `height` pixels in `format`, with a comment in its metadata. */
const image = (width: number, height: number, format: "png" | "jpeg" | "webp" = "png") =>
  Effect.promise(() =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .withExif({ IFD0: { ImageDescription: "taken at home, 12 Harbour Lane" } })
      [format]()
      .toBuffer(),
  )

/** A form with the file as its `avatar` field, as the page's upload sends it. */
const formOf = (bytes: Uint8Array, name = "me.png", type = "image/png") => {
  const form = new FormData()
  form.append("avatar", new Blob([bytes], { type }), name)
  return form
}

type Person = Effect.Effect.Success<ReturnType<typeof signUp>>["person"]

const upload = (person: Person, form: FormData) =>
  person.send("/api/profile/avatar", { method: "PUT", body: form })

const profileOf = (username: string) =>
  Effect.map(
    request(`/api/creators/${username}`),
    (answer) => answer.body as { avatarUrl: string | null },
  )

describeApp({ env })("a creator's avatar", (it) => {
  it.effect(
    "is uploaded, checked, re-encoded as a square and shown to anyone, and can be taken back",
    () =>
      Effect.gen(function* () {
        const creator = yield* signUp("pictured")
        const { username } = creator.user
        expect((yield* profileOf(username)).avatarUrl).toBeNull()

        const saved = yield* upload(
          creator.person,
          formOf(yield* image(900, 600, "jpeg"), "me.jpg", "image/jpeg"),
        )
        expect(saved.status, saved.text).toBe(200)
        const url = (saved.body as { avatarUrl: string }).avatarUrl
        expect(url).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}\.webp$/)
        yield* settle
        expect((yield* profileOf(username)).avatarUrl).toBe(url)

        // Anyone sees it: a 512-pixel square WebP, kept for a year, with nothing of the original's metadata.
        const served = yield* request(url)
        expect(served.status).toBe(200)
        expect(served.headers.get("content-type")).toBe("image/webp")
        expect(served.headers.get("cache-control")).toContain("immutable")
        const meta = yield* Effect.promise(() => sharp(served.bytes).metadata())
        expect([meta.format, meta.width, meta.height]).toEqual(["webp", 512, 512])
        expect(meta.exif).toBeUndefined()
        expect(served.text).not.toContain("Harbour Lane")

        // A new one replaces it, and the old file is gone.
        const again = yield* upload(creator.person, formOf(yield* image(300, 300)))
        expect(again.status, again.text).toBe(200)
        expect((yield* request(url)).status).toBe(404)
        const second = (again.body as { avatarUrl: string }).avatarUrl

        // Lists of people show it too: the followers of someone they follow, and search.
        const followed = yield* signUp("followed")
        yield* creator.person.put(`/api/creators/${followed.user.username}/follow`, {})
        yield* settle
        const followers = yield* request(`/api/creators/${followed.user.username}/followers`)
        expect(followers.body).toEqual([{ username, name: expect.any(String), avatarUrl: second }])
        const found = yield* request(`/api/search?q=${username}`)
        expect((found.body as { creators: ReadonlyArray<unknown> }).creators).toContainEqual({
          username,
          name: expect.any(String),
          avatarUrl: second,
        })

        // Back to the drawn one.
        const removed = yield* creator.person.send("/api/profile/avatar", { method: "DELETE" })
        expect(removed.status).toBe(200)
        expect(removed.body).toEqual({ avatarUrl: null })
        expect((yield* request(second)).status).toBe(404)
        yield* settle
        expect((yield* profileOf(username)).avatarUrl).toBeNull()
        const drawn = yield* request(`/api/creators/${followed.user.username}/followers`)
        expect(drawn.body).toEqual([{ username, name: expect.any(String), avatarUrl: null }])
      }),
  )

  it.effect("refuses what is not an avatar we keep, in words, and changes nothing", () =>
    Effect.gen(function* () {
      const creator = yield* signUp("refused")
      const refusedWith = (form: FormData, status: number, message: RegExp) =>
        Effect.gen(function* () {
          const answer = yield* upload(creator.person, form)
          expect(answer.status, answer.text).toBe(status)
          expect((answer.body as { message: string }).message).toMatch(message)
        })
      // Text named as an avatar: its bytes say what it is.
      yield* refusedWith(
        formOf(new TextEncoder().encode("<svg onload=alert(1)>"), "me.png"),
        400,
        /JPEG, PNG or WebP/,
      )
      const gif = yield* Effect.promise(() =>
        sharp({ create: { width: 200, height: 200, channels: 3, background: "#fff" } })
          .gif()
          .toBuffer(),
      )
      yield* refusedWith(formOf(gif, "me.gif", "image/gif"), 400, /JPEG, PNG or WebP/)
      yield* refusedWith(formOf(yield* image(100, 400)), 400, /at least 128 × 128 pixels/)
      yield* refusedWith(formOf(yield* image(9000, 200)), 400, /at most 8,000 pixels/)
      // Larger than 5 MB; far larger, refused before it is read whole.
      yield* refusedWith(formOf(new Uint8Array(5 * 1024 * 1024 + 1)), 400, /at most 5 MB/)
      yield* refusedWith(formOf(new Uint8Array(6 * 1024 * 1024)), 413, /larger than/)
      // Nothing, or the wrong field.
      yield* refusedWith(new FormData(), 400, /avatar/i)
      const json = yield* creator.person.put("/api/profile/avatar", { avatar: "me.png" })
      expect(json.status).toBe(415)
      yield* settle
      expect((yield* profileOf(creator.user.username)).avatarUrl).toBeNull()
    }),
  )

  it.effect(
    "is each creator's own: a visitor cannot set one, nor anyone else's; an unknown file is 404",
    () =>
      Effect.gen(function* () {
        const creator = yield* signUp("owner")
        const admin = yield* signUpGrantedAdmin("admin")
        const bytes = yield* image(256, 256)
        const anonymous = yield* request("/api/profile/avatar", {
          method: "PUT",
          body: formOf(bytes),
        })
        expect(anonymous.status).toBe(401)
        expect((yield* request("/api/profile/avatar", { method: "DELETE" })).status).toBe(401)
        // An admin's upload is their own avatar, never the creator's.
        expect((yield* upload(admin.person, formOf(bytes))).status).toBe(200)
        yield* settle
        expect((yield* profileOf(creator.user.username)).avatarUrl).toBeNull()
        expect((yield* profileOf(admin.user.username)).avatarUrl).not.toBeNull()
        for (const path of [
          "/api/avatars/00000000-0000-0000-0000-000000000000.webp",
          "/api/avatars/..%2F..%2Fsecret.webp",
          "/api/avatars/x.png",
        ])
          expect((yield* request(path)).status).toBeGreaterThanOrEqual(400)
      }),
  )
})
