import { expect } from "@effect/vitest"
import { Effect } from "effect"
import {
  balanceOf,
  type browser,
  describeApp,
  request,
  settle,
  signUp,
  signUpAdmin,
  signUpUnverified,
} from "#app/testing.ts"
import { clientOf } from "#app/testing-client.ts"
import { billingStreams } from "#events/contracts/billing.ts"
import { EventStore } from "#events/store/index.ts"

const env = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  LOGIN_ATTEMPTS_PER_ADDRESS: "1000",
  GENERATIONS_PER_HOUR: "1000",
  GENERATIONS_PER_ADDRESS: "1000",
  ADMIN_EMAIL: "free-finance@example.com",
  DAILY_FREE_CREDITS: "5",
}

type Browser = ReturnType<typeof browser>

const song = { title: "Morning", lyrics: "[Verse]\nA new day", style: "pop" }
const today = () => new Date().toISOString().slice(0, 10)
const nextMidnight = () => {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
}

const accountEvents = (userId: string) =>
  Effect.flatMap(EventStore, (store) => store.readStream(billingStreams.creditAccount(userId)))

let finance: Browser | undefined
const admin = Effect.suspend(() =>
  finance
    ? Effect.succeed(finance)
    : Effect.map(signUpAdmin("free-finance", "free-finance@example.com"), ({ person }) => {
        finance = person
        return person
      }),
)

describeApp({ env })("free daily credits", (it) => {
  it.effect(
    "pay the day's first generation with nothing paid: the grant is in the ledger before the debit",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* signUp("free-first")
        yield* settle
        // The first request of the day is the paid one itself.
        const started = yield* person.post("/api/generate-song", song)
        expect(started.status, started.text).toBe(200)
        const events = yield* accountEvents(user.id)
        expect(events.map((e) => e.type)).toEqual(["DailyCreditsGranted", "CreditsDebited"])
        expect(events[1]!.data).toMatchObject({ amount: 5, balanceAfter: 0, fromFree: 5 })
        expect(yield* balanceOf(person)).toBe(0)
        const desk = yield* clientOf(yield* admin)
        const ledger = yield* desk.billing.ledger({ path: { userId: user.id }, urlParams: {} })
        expect(
          ledger.entries.map(({ type, amount, balanceAfter, cause, causeId }) => ({
            type,
            amount,
            balanceAfter,
            cause,
            causeId,
          })),
        ).toEqual([
          {
            type: "DailyCreditsGranted",
            amount: 5,
            balanceAfter: 5,
            cause: "daily",
            causeId: today(),
          },
          expect.objectContaining({ type: "CreditsDebited", amount: -5, balanceAfter: 0 }),
        ])
        // Spent, they are not granted again today.
        const again = yield* person.post("/api/generate-song", song)
        expect(again.status).toBe(402)
      }),
  )

  it.effect("are shown on the credits page with when the next grant comes", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("free-page")
      // The price list tells the page there are free credits to show.
      expect((yield* request("/api/billing/catalog")).body).toMatchObject({ dailyFreeCredits: 5 })
      const answer = yield* (yield* clientOf(person)).freeCredits.freeCredits()
      expect(answer).toEqual({
        perDay: 5,
        free: 5,
        nextGrantAt: nextMidnight(),
      })
      expect(yield* balanceOf(person)).toBe(5)
      const events = yield* accountEvents(user.id)
      expect(events.map((e) => e.type)).toEqual(["DailyCreditsGranted"])
    }),
  )

  it.effect("two first requests at once grant once", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUp("free-race")
      const answers = yield* Effect.all(
        Array.from({ length: 6 }, () => person.get("/api/billing/free-credits")),
        { concurrency: "unbounded" },
      )
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200])
      const events = yield* accountEvents(user.id)
      expect(events.map((e) => e.type)).toEqual(["DailyCreditsGranted"])
      expect(yield* balanceOf(person)).toBe(5)
    }),
  )

  it.effect("wait for a verified address, and are refused to anonymous callers", () =>
    Effect.gen(function* () {
      const { person, user } = yield* signUpUnverified("free-unverified")
      const answer = yield* (yield* clientOf(person)).freeCredits.freeCredits()
      expect(answer).toEqual({ perDay: 5, free: 0, nextGrantAt: null })
      expect(yield* accountEvents(user.id)).toEqual([])
      expect((yield* request("/api/billing/free-credits")).status).toBe(401)
      // An admin reads their own free credits, nobody else's: the endpoint has no user in its path.
      const own = yield* (yield* clientOf(yield* admin)).freeCredits.freeCredits()
      expect(own.free).toBe(5)
    }),
  )
})
