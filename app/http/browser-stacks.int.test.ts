import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, settle, signUp, signUpGrantedAdmin } from "../testing.ts"
import { callAs, firstPage } from "../testing-client.ts"
import { builtWithMap } from "../testing-source-maps.ts"

const { dir, at } = builtWithMap()

describeApp({ config: { webSourceMaps: dir } })("a browser error's stack", (it) => {
  it.effect(
    "shows in the admin error stream with the source's files and lines, the built one kept beside it",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* signUp("crashing")
        const admin = yield* signUpGrantedAdmin("reader")
        const stack = `Error: boom\n    at boom (https://melody.example/assets/${at})\n    at load (https://melody.example/assets/vendor-old.js:1:99)`
        expect((yield* person.post("/api/client-errors", { message: "boom", stack })).status).toBe(
          202,
        )
        yield* settle
        const { items } = yield* callAs(admin.person, (api) =>
          api.admin.errors({ urlParams: { ...firstPage, userId: user.id } }),
        )
        const reported = items.find((e) => e.source === "client")
        expect(reported?.stack).toBe(
          "Error: boom\n    at boom (src/lib/boom.ts:3:18)\n    at load (https://melody.example/assets/vendor-old.js:1:99)",
        )
        expect(reported?.context).toMatchObject({ builtStack: stack })
      }),
  )
})
