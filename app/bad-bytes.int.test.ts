import { expect } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { query } from "#events/testing.ts"
import { type browser, describeApp, signUp, signUpAdmin } from "./testing.ts"
import { callAs, isRefusal } from "./testing-client.ts"
import { seedGeneration } from "./testing-songs.ts"

const adminEmail = "bytes-admin@example.com"
const env = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  LOGIN_ATTEMPTS_PER_ADDRESS: "1000",
  ADMIN_EMAIL: adminEmail,
}

/** A refusal that says why, whichever it is: the contract's decode errors or the edge's own. */
const saysWhy = Schema.is(Schema.Struct({ message: Schema.NonEmptyString }))

const errorEvents = Effect.map(
  query<{ n: number }>("select count(*)::int as n from events where type = 'ErrorReported'"),
  ([row]) => row?.n ?? 0,
)

/** JSON text with `bad` (already escaped for JSON) in place of $. */
const nul = "\\u0000"
const surrogate = "\\ud800"

interface Case {
  readonly name: string
  readonly method: string
  readonly path: string
  readonly body?: string
  readonly as?: "admin"
}

const json = (name: string, method: string, path: string, template: string): Array<Case> =>
  [nul, surrogate].map((bad) => ({
    name: `${name} with ${bad}`,
    method,
    path,
    body: template.replaceAll("$", bad),
  }))

const register =
  '{"username":"user$x","email":"a@example.com","password":"secret-password","name":"A$","acceptTerms":true}'

const cases = (userId: string): Array<Case> => [
  ...json("register", "POST", "/api/register", register),
  ...json("login", "POST", "/api/login", '{"username":"ada$","password":"secret-password"}'),
  ...json("login key", "POST", "/api/login", '{"$":1,"username":"ada","password":"x"}'),
  ...json("forgot password", "POST", "/api/forgot-password", '{"email":"a$@example.com"}'),
  ...json(
    "reset password",
    "POST",
    "/api/reset-password",
    '{"token":"t$","password":"secret-password"}',
  ),
  ...json("chat", "POST", "/api/chat", '{"message":"a song about $ rain"}'),
  ...json(
    "lyrics form",
    "POST",
    "/api/generate-lyrics",
    '{"title":"T$","description":"D","style":"Pop"}',
  ),
  ...json("chat lyrics", "PUT", "/api/chat/lyrics", '{"lyrics":"[Verse 1]\\nla $ la"}'),
  ...json("lyrics draft", "PUT", "/api/lyrics/draft", '{"lyrics":"[Verse 1]\\nla $ la"}'),
  ...json(
    "generate song",
    "POST",
    "/api/generate-song",
    '{"title":"T","lyrics":"la $","style":"Pop"}',
  ),
  ...json("video export", "POST", "/api/videos/generate", '{"format":"tiktok","songId":"$"}'),
  ...json("save song", "POST", "/api/songs", '{"title":"T$","audioUrl":"x"}'),
  ...json(
    "pack",
    "POST",
    "/api/payments/create-payment-intent",
    '{"amount":13.29,"credits":150,"description":"$"}',
  ),
  ...json("client error", "POST", "/api/client-errors", '{"message":"broke $"}'),
  ...json(
    "adjustment",
    "POST",
    `/api/admin/ledger/${userId}/adjustments`,
    '{"amount":5,"reason":"why $"}',
  ).map((c): Case => ({ ...c, as: "admin" })),
  ...[
    "/api/songs/%00",
    "/api/songs/%00/audio",
    "/api/songs/%00/cover",
    "/api/songs/%00/like",
    "/api/media/versions/%00/audio",
    "/api/media/versions/x%00/cover",
    "/api/check-song-status?taskId=%00",
    "/api/payments/verify-onetime?sessionId=%00",
    "/api/payments/verify-subscription?sessionId=a%00",
    "/api/verify-email?token=%00",
    "/api/validate-reset-token?token=%00",
    "/api/videos/%00",
    "/api/videos/%00/file",
    "/api/checkout/%00",
    "/api/songs/public?limit=1&%00=1",
    "/api/songs/%ED%A0%80",
    "/api/check-song-status?taskId=%ED%A0%80",
  ].map((path): Case => ({ name: `GET ${path}`, method: "GET", path })),
  ...[
    `/api/admin/ledger/${userId}%00`,
    "/api/admin/streams/%00",
    "/api/admin/errors?source=%00",
    "/api/admin/interactions?type=%00",
    "/api/admin/users?query=%00",
  ].map((path): Case => ({ name: `GET ${path} as admin`, method: "GET", path, as: "admin" })),
  {
    name: "a username longer than any account's",
    method: "POST",
    path: "/api/login",
    body: JSON.stringify({ username: "a".repeat(3000), password: "secret-password" }),
  },
  {
    name: "a password longer than any account's",
    method: "POST",
    path: "/api/login",
    body: JSON.stringify({ username: "ada", password: "p".repeat(129) }),
  },
  {
    name: "a token longer than any of ours",
    method: "GET",
    path: `/api/verify-email?token=${"t".repeat(201)}`,
  },
]

describeApp({ env })("text PostgreSQL cannot store, and over-long fields", (it) => {
  it.effect(
    "are refused with a 400 and a message before any query, and never reach the error stream",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* signUp("bytes")
        const { person: admin } = yield* signUpAdmin("bytes-admin", adminEmail)
        const before = yield* errorEvents
        const refused: Array<string> = []
        for (const c of cases(user.id)) {
          const who: ReturnType<typeof browser> = c.as === "admin" ? admin : person
          const answer = yield* who.send(c.path, {
            method: c.method,
            ...(c.body === undefined
              ? {}
              : { headers: { "content-type": "application/json" }, body: c.body }),
          })
          if (answer.status !== 400 || !saysWhy(answer.body)) {
            refused.push(`${c.name}: ${answer.status} ${answer.text.slice(0, 200)}`)
          }
        }
        expect(refused).toEqual([])
        // A 500 records its report in the background: give it time to show before counting.
        yield* Effect.sleep("500 millis")
        expect(yield* errorEvents).toBe(before)
      }),
  )
})

/** A form with a NUL in each field, as a browser's form or curl -d would send it. */
const formCases = (songId: string): ReadonlyArray<readonly [string, string]> => [
  ["/api/login", "username=ada%00&password=secret%00password"],
  ["/api/forgot-password", "email=a%00@example.com"],
  ["/api/voices", `songId=${songId}&name=Voice%00`],
  [`/api/songs/${songId}/restyle`, "style=Pop%00&title=T%00"],
  [`/api/songs/${songId}/extend`, "fromSeconds=1&lyrics=la%00"],
  ["/api/generate-song", "title=T%00&lyrics=la%00&style=Pop"],
  ["/api/chat", "message=a%00song"],
]

describeApp({ env })("text PostgreSQL cannot store, in a form", (it) => {
  it.effect(
    "never reaches a query: the form is refused (JSON is what they take), nothing recorded",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* signUp("forms")
        yield* seedGeneration(user.id, "Formed", 1)
        const [song] = yield* callAs(person, (api) => api.songs.mySongs())
        const before = yield* errorEvents
        const answered: Array<string> = []
        for (const [path, body] of formCases(song!.id)) {
          const answer = yield* person.send(path, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body,
          })
          const refusal = isRefusal("UnsupportedMediaType")(answer.body)
            ? answer.body._tag
            : answer.text
          answered.push(`${path}: ${answer.status} ${refusal}`)
        }
        expect(answered).toEqual(
          formCases(song!.id).map(([path]) => `${path}: 415 UnsupportedMediaType`),
        )
        yield* Effect.sleep("500 millis")
        expect(yield* errorEvents).toBe(before)
      }),
  )
})
