import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, settle, signUp, signUpAdmin } from "./testing.ts"
import { callAs, firstPage } from "./testing-client.ts"
import { fakeOpenAiForFile } from "./testing-openai.ts"
import { songOf } from "./testing-playlists.ts"

const openAi = await fakeOpenAiForFile()
const adminEmail = "trust-desk@example.com"

describeApp({
  env: { ...openAi.env, REGISTRATIONS_PER_ADDRESS: "1000", ADMIN_EMAIL: adminEmail },
})("content checks through OpenAI's moderation endpoint", (it) => {
  it.effect("the endpoint decides what is published, the fields of a request in one call", () =>
    Effect.gen(function* () {
      openAi.flag("you are garbage", "harassment")
      openAi.flag("murder on the dance floor", "violence")
      const owner = yield* signUp("endpoint")
      const comments = `/api/songs/${yield* songOf(owner, "Checked Song")}/comments`
      const refused = yield* owner.person.post(comments, { text: "You are garbage" })
      expect(refused.status).toBe(422)
      expect(refused.body).toMatchObject({
        _tag: "ContentRefused",
        field: "text",
        reason: "flagged",
      })
      // What songs tell of is published; the word list is not asked while the endpoint answers.
      for (const text of ["Murder on the dance floor!", "kys"]) {
        expect((yield* owner.person.post(comments, { text })).status).toBe(201)
      }
      const profile = { name: "Endpoint", bio: "Songs about the sea", links: [] }
      expect((yield* owner.person.put("/api/profile", profile)).status).toBe(200)
      const sent = openAi.moderations.map((request) => request.body)
      expect(sent.at(-1)).toEqual({
        model: "omni-moderation-latest",
        input: ["Endpoint", "Songs about the sea"],
      })
      expect(openAi.moderations.every((m) => m.authorization === `Bearer ${openAi.apiKey}`)).toBe(
        true,
      )
    }),
  )

  it.effect("while the endpoint is down, the word list decides and the admins are told", () =>
    Effect.gen(function* () {
      openAi.failModerations({ kind: "status", status: 500, message: "The server had an error" })
      const owner = yield* signUp("outage")
      const comments = `/api/songs/${yield* songOf(owner, "Outage Song")}/comments`
      const refused = yield* owner.person.post(comments, { text: "kys" })
      expect(refused.status).toBe(422)
      expect(refused.body).toMatchObject({ field: "text", reason: "flagged" })
      expect((yield* owner.person.post(comments, { text: "Lovely song" })).status).toBe(201)
      // The endpoint failed once; checks stay with the word list for a while rather than wait on it.
      expect(openAi.moderations).toHaveLength(1)

      const admin = yield* signUpAdmin("desk", adminEmail)
      yield* settle
      const errors = yield* callAs(admin.person, (api) =>
        api.admin.errors({ urlParams: { ...firstPage, type: "provider" } }),
      )
      const reported = errors.items.filter((e) =>
        e.error.startsWith("Moderation endpoint unavailable"),
      )
      expect(reported).toHaveLength(1)
      expect(reported[0]?.error).toMatch(/offline word list.*500/)
      expect(JSON.stringify(errors.items)).not.toContain(openAi.apiKey)
    }),
  )
})
