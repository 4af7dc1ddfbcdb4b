import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { generateSync } from "otplib"
import { browser, describeApp, signUp, signUpGrantedAdmin } from "#app/testing.ts"

const password = "secret-password"

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "100", ADMIN_REQUIRE_TWO_STEP: "true" } })(
  "administrators required to use two-step sign-in",
  (it) => {
    it.effect("act as people until they turn it on, which signs out their other sessions", () =>
      Effect.gen(function* () {
        const boss = yield* signUpGrantedAdmin("boss")
        const earlier = browser()
        yield* earlier.post("/api/login", { username: boss.user.username, password })
        const adminRead = "/api/admin/reports"
        expect((yield* boss.person.get(adminRead)).status).toBe(404)
        expect(((yield* boss.person.get("/api/user")).body as { isAdmin: boolean }).isAdmin).toBe(
          false,
        )
        expect((yield* boss.person.get("/api/account/two-step")).body).toMatchObject({
          on: false,
          adminNeedsTwoStep: true,
        })

        const { secret } = (yield* boss.person.post("/api/account/two-step/begin")).body as {
          secret: string
        }
        const on = yield* boss.person.post("/api/account/two-step/on", {
          code: generateSync({ secret }),
        })
        expect(on.status).toBe(200)
        expect((yield* boss.person.get(adminRead)).status).toBe(200)
        expect((yield* boss.person.get("/api/account/two-step")).body).toMatchObject({
          on: true,
          adminNeedsTwoStep: false,
        })
        // The session opened with the password alone is over.
        expect((yield* earlier.get("/api/user")).status).toBe(401)
      }),
    )

    it.effect("leaves people who are not administrators as they are", () =>
      Effect.gen(function* () {
        const ada = yield* signUp("ada")
        expect((yield* ada.person.get("/api/account/two-step")).body).toMatchObject({
          adminNeedsTwoStep: false,
        })
        expect((yield* ada.person.get("/api/admin/reports")).status).toBe(404)
      }),
    )
  },
)
