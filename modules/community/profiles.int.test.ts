import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, signUp, signUpGrantedAdmin } from "#app/testing.ts"

const env = { REGISTRATIONS_PER_ADDRESS: "1000" }

describeApp({ env })("a creator's own page", (it) => {
  it.effect("says what its creator writes, as text, and only its creator writes it", () =>
    Effect.gen(function* () {
      const creator = yield* signUp("creator")
      const other = yield* signUp("other")
      const admin = yield* signUpGrantedAdmin("admin")
      const page = `/api/creators/${creator.user.username}`
      expect((yield* request(page)).body).toMatchObject({
        name: "Test Person",
        bio: "",
        links: [],
      })
      const text = {
        name: "  Ada of the Harbour  ",
        bio: "<b>Songs</b> about boats & <script>alert(1)</script>",
        links: ["https://ada.example/songs", "http://old.example"],
      }
      const anonymous = yield* request("/api/profile", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(text),
      })
      expect(anonymous.status).toBe(401)
      const saved = yield* creator.person.put("/api/profile", text)
      expect(saved.status).toBe(200)
      expect(saved.body).toEqual({ ...text, name: "Ada of the Harbour" })
      const shown = { name: "Ada of the Harbour", bio: text.bio, links: text.links }
      for (const reader of [request(page), other.person.get(page), admin.person.get(page)]) {
        expect((yield* reader).body).toMatchObject(shown)
      }
      // Someone else's edit, an admin's too, is of their own page.
      yield* admin.person.put("/api/profile", { name: "The Admin", bio: "", links: [] })
      expect((yield* request(page)).body).toMatchObject(shown)
      expect((yield* request(`/api/creators/${admin.user.username}`)).body).toMatchObject({
        name: "The Admin",
      })
    }),
  )

  it.effect("refuses what it cannot show with a clear message, and changes nothing", () =>
    Effect.gen(function* () {
      const creator = yield* signUp("creator")
      const page = `/api/creators/${creator.user.username}`
      const good = { name: "Ada", bio: "", links: [] }
      for (const [change, message] of [
        [{ name: "   " }, "Name is required"],
        [{ name: "n".repeat(61) }, "Name must be at most 60 characters"],
        [{ bio: "b".repeat(501) }, "Bio must be at most 500 characters"],
        [{ links: ["javascript:alert(1)"] }, "Each link must be an http or https address"],
        [{ links: ["ftp://files.example"] }, "Each link must be an http or https address"],
        [{ links: ["not a link"] }, "Each link must be an http or https address"],
        [
          {
            links: [
              "https://a.example",
              "https://b.example",
              "https://c.example",
              "https://d.example",
            ],
          },
          "At most 3 links",
        ],
        [{ links: "https://a.example" }, "links must be a list of addresses"],
      ] as const) {
        const refused = yield* creator.person.put("/api/profile", { ...good, ...change })
        expect(refused.status, message).toBe(400)
        expect(JSON.stringify(refused.body), message).toContain(message)
      }
      expect((yield* request(page)).body).toMatchObject({ name: "Test Person", bio: "", links: [] })
      // A bio of exactly 500 characters and three links are fine.
      const full = {
        name: "Ada",
        bio: "b".repeat(500),
        links: ["https://a.example", "https://b.example", "https://c.example"],
      }
      expect((yield* creator.person.put("/api/profile", full)).status).toBe(200)
      expect((yield* request(page)).body).toMatchObject(full)
    }),
  )
})
