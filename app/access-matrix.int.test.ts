import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { AdminOnly, Authenticated } from "#api/auth.ts"
import { accessRules } from "./access-rules.ts"
import { MelodyApi } from "./api.ts"
import { bodyTypesOf } from "./http/body-types.ts"
import { browser, describeApp, settle, signUp, signUpGrantedAdmin } from "./testing.ts"
import type { Browser } from "./testing-billing.ts"
import { callAs } from "./testing-client.ts"
import {
  type Endpoint,
  endpoints,
  eventCount,
  filled,
  nameOf,
  rawRequest,
} from "./testing-endpoints.ts"
import { songOf } from "./testing-songs.ts"

const takes = bodyTypesOf(MelodyApi)

/**
 * A request with an empty body of the type the endpoint takes, which is what reaches its access check;
 * only its status is read.
 */
const call = (who: Browser, method: string, path: string) => {
  const multipart = takes(method, path)?.mediaTypes.includes("multipart/form-data")
  return method === "GET" || method === "DELETE"
    ? rawRequest(who, { method, path })
    : rawRequest(who, {
        method,
        path,
        contentType: multipart ? "multipart/form-data; boundary=x" : "application/json",
        body: multipart ? "--x--\r\n" : "{}",
      })
}

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "100" } })("access to every endpoint", (it) => {
  it("has a declared rule, and the rule agrees with the endpoint's own checks", () => {
    const undeclared = endpoints.filter((e) => accessRules[nameOf(e)] === undefined).map(nameOf)
    expect(undeclared, "endpoints without a rule in app/access-rules.ts").toEqual([])
    const known = new Set(endpoints.map(nameOf))
    expect(Object.keys(accessRules).filter((name) => !known.has(name))).toEqual([])
    for (const e of endpoints) {
      const rule = accessRules[nameOf(e)]
      expect(rule === "admin", nameOf(e)).toBe(e.middleware.has(AdminOnly))
      expect(rule === "person", nameOf(e)).toBe(e.middleware.has(Authenticated))
    }
  })

  it.effect(
    "answers anonymous, another person and an administrator as declared, never with a 5xx, changing nothing it refuses",
    () =>
      Effect.gen(function* () {
        const owner = yield* signUp("owner")
        const other = yield* signUp("other")
        const admin = yield* signUpGrantedAdmin("overseer")
        const song = yield* songOf(owner, "Kept private", false)
        const playlist = yield* callAs(owner.person, (api) =>
          api.playlists.createPlaylist({
            payload: { name: "Mine alone", isPublic: false, description: "" },
          }),
        )
        yield* settle
        const own = {
          songId: song.id,
          playlistId: playlist.id,
          userId: owner.user.id,
          username: owner.user.username,
        }
        const anonymous = browser()
        const failures: Array<string> = []
        /** Calls as `who`: an answer its rule does not allow, a 5xx, or a refusal that wrote, fails. */
        const check = (
          who: string,
          as: Browser,
          e: Endpoint,
          allowed: (status: number) => boolean,
        ) =>
          Effect.gen(function* () {
            const before = yield* eventCount
            const { status } = yield* call(as, e.method, filled(e.path, own))
            if (status >= 500 || !allowed(status)) failures.push(`${who} ${nameOf(e)}: ${status}`)
            const wrote = (yield* eventCount) - before
            if (status >= 400 && wrote > 0) {
              failures.push(`${who} ${nameOf(e)}: refused with ${status}, appended ${wrote} events`)
            }
          })

        for (const e of endpoints) {
          const rule = accessRules[nameOf(e)]!
          if (rule === "admin" || rule === "person" || rule === "session") {
            yield* check("anonymous", anonymous, e, (s) => s === 401)
          } else if (rule === "secret") {
            yield* check("anonymous", anonymous, e, (s) => s >= 400 && s < 500)
          } else yield* check("anonymous", anonymous, e, (s) => s !== 401 && s !== 403)
        }
        for (const e of endpoints) {
          const rule = accessRules[nameOf(e)]!
          // Signing out would end the rest of the round.
          if (rule !== "admin" && rule !== "person") continue
          if (rule === "admin") {
            yield* check("another person", other.person, e, (s) => s === 404)
          } else if (/:(id|songId)\b/.test(e.path)) {
            // The owner's private song or playlist: nothing of it is shown or changed for anyone else.
            yield* check("another person", other.person, e, (s) => s >= 400 && s < 500 && s !== 401)
          } else yield* check("another person", other.person, e, (s) => s !== 401 && s !== 403)
        }
        for (const e of endpoints.filter((e) => accessRules[nameOf(e)] === "admin")) {
          yield* check("admin", admin.person, e, (s) => s !== 401 && s !== 403)
        }
        expect(failures).toEqual([])
      }),
    180_000,
  )
})
