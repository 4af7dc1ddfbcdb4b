import type { HttpServer } from "@effect/platform"
import type { SqlClient } from "@effect/sql"
import { expect } from "@effect/vitest"
import { Effect, FastCheck as fc, Runtime } from "effect"
import { describeApp, settle, signUpGrantedAdmin } from "./testing.ts"
import type { Browser } from "./testing-billing.ts"
import { callAs } from "./testing-client.ts"
import { brokenRequests, strangeRequests } from "./testing-contract-requests.ts"
import {
  type Endpoint,
  endpoints,
  eventCount,
  nameOf,
  type Owned,
  type RawRequest,
  rawRequest,
} from "./testing-endpoints.ts"
import { songOf } from "./testing-songs.ts"

/*
 * Property-based tests over every endpoint of the contract, with requests generated from what its OpenAPI
 * document says each takes, sent as an administrator signed in with their own song and playlist, so that
 * what answers is the endpoint's checking of its input rather than an access check.
 */

const runsPerEndpoint = 25

const messageOf = (text: string) => {
  try {
    const body = JSON.parse(text) as { message?: unknown }
    return typeof body.message === "string" ? body.message : ""
  } catch {
    return ""
  }
}

const described = (request: RawRequest) =>
  `${request.method} ${request.path.slice(0, 200)} ${request.body?.slice(0, 200) ?? ""}`

/** Sets up an administrator with their own song and playlist, and the checks each answer goes through. */
const ownerAndCheck = Effect.gen(function* () {
  const admin = yield* signUpGrantedAdmin("fuzzer")
  const song = yield* songOf(admin, "Fuzzed", false)
  const playlist = yield* callAs(admin.person, (api) =>
    api.playlists.createPlaylist({ payload: { name: "Fuzzed", isPublic: false, description: "" } }),
  )
  yield* settle
  const own: Owned = {
    songId: song.id,
    playlistId: playlist.id,
    userId: admin.user.id,
    username: admin.user.username,
  }
  const run = Runtime.runPromise(
    yield* Effect.runtime<SqlClient.SqlClient | HttpServer.HttpServer>(),
  )
  /** Sends the request; a 5xx, a refusal without a message, or a refusal that wrote fails it. */
  const answer = (who: Browser, request: RawRequest) =>
    run(
      Effect.gen(function* () {
        const before = yield* eventCount
        const { status, text } = yield* rawRequest(who, request, { streamMillis: 10_000 })
        const wrote = (yield* eventCount) - before
        expect(status, described(request)).toBeLessThan(500)
        if (status >= 400) {
          expect(
            messageOf(text),
            `${described(request)}: ${status} ${text.slice(0, 200)}`,
          ).not.toBe("")
          expect(wrote, `${described(request)}: refused with ${status} but appended`).toBe(0)
        }
        return status
      }),
    )
  return { own, person: admin.person, answer }
})

/** Runs the property for every endpoint it applies to, and collects each endpoint's counterexample. */
const everyEndpoint = (
  requests: (e: Endpoint) => fc.Arbitrary<RawRequest> | undefined,
  property: (request: RawRequest) => Promise<void>,
) =>
  Effect.promise(async () => {
    const failures: Array<string> = []
    let checked = 0
    for (const e of endpoints) {
      const arbitrary = requests(e)
      if (arbitrary === undefined) continue
      checked++
      const details = await fc.check(fc.asyncProperty(arbitrary, property), {
        numRuns: runsPerEndpoint,
      })
      if (details.failed) failures.push(`${nameOf(e)}\n${fc.defaultReportMessage(details)}`)
    }
    return { failures, checked }
  })

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "100" } })(
  "the contract under hostile input",
  (it) => {
    it.effect(
      "a request the contract refuses gets a 4xx with a message and writes nothing",
      () =>
        Effect.gen(function* () {
          const { own, person, answer } = yield* ownerAndCheck
          const { failures, checked } = yield* everyEndpoint(
            (e) => brokenRequests(e, own),
            async (request) => {
              const status = await answer(person, request)
              expect(status, described(request)).toBeGreaterThanOrEqual(400)
            },
          )
          expect(checked).toBeGreaterThan(50)
          expect(failures).toEqual([])
        }),
      600_000,
    )

    it.effect(
      "hostile strings, numbers and extra fields in the contract's shape never get a 5xx, and a refusal says why and writes nothing",
      () =>
        Effect.gen(function* () {
          const { own, person, answer } = yield* ownerAndCheck
          const { failures, checked } = yield* everyEndpoint(
            (e) => strangeRequests(e, own),
            async (request) => {
              await answer(person, request)
            },
          )
          expect(checked).toBeGreaterThan(80)
          expect(failures).toEqual([])
        }),
      600_000,
    )
  },
)
