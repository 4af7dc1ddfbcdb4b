import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { balanceOf, type browser, describeApp, request, settle, signUp } from "#app/testing.ts"
import { clientOf } from "#app/testing-client.ts"
import { query } from "#events/testing.ts"
import { Billing } from "./billing.ts"
import { Reconciliations } from "./reconciliations.ts"

const env = {
  REGISTRATIONS_PER_ADDRESS: "1000",
  LOGIN_ATTEMPTS_PER_ADDRESS: "1000",
  ADMIN_EMAIL: "finance@example.com",
}

type Browser = ReturnType<typeof browser>
interface StoredEvent {
  readonly type: string
  readonly data: Record<string, unknown>
}
const accountEvents = (userId: string) =>
  query<StoredEvent>("select type, data from events where stream_id = $1 order by stream_version", [
    `credit-account-${userId}`,
  ])
const ofType = (events: ReadonlyArray<StoredEvent>, type: string) =>
  events.filter((event) => event.type === type)

const subscribed = (prefix: string, plan: "BASIC" | "PRO" | "PREMIUM", email?: string) =>
  Effect.gen(function* () {
    const { person, user } = yield* signUp(prefix, email)
    yield* settle
    const api = yield* clientOf(person)
    const { sessionId } = yield* api.billing.createSubscription({ payload: { planId: plan } })
    expect((yield* person.post(`/api/checkout/${sessionId}/pay`)).status).toBe(200)
    yield* settle
    return { person, user }
  })

const change = (person: Browser, plan: string, key?: string) =>
  person.send("/api/subscription/change", {
    method: "POST",
    headers: { "content-type": "application/json", ...(key && { "idempotency-key": key }) },
    body: JSON.stringify({ plan }),
  })

describeApp({ env })("a change of plan in the test mode", (it) => {
  it.effect(
    "an upgrade applies now: its prorated invoice is paid at once and grants its share",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* subscribed("upgrader", "BASIC")
        const answer = yield* change(person, "PREMIUM", "upgrade-1")
        expect(answer.status).toBe(200)
        expect(answer.body).toMatchObject({ status: "active", plan: "PREMIUM" })
        expect(answer.body).not.toHaveProperty("nextPlan")

        const events = yield* accountEvents(user.id)
        const [changed, ...moreChanges] = ofType(events, "SubscriptionPlanChanged")
        expect(moreChanges).toEqual([])
        expect(changed?.data).toMatchObject({
          fromPlan: "BASIC",
          toPlan: "PREMIUM",
          effective: "now",
        })
        const grants = ofType(events, "SubscriptionCreditsGranted")
        expect(grants).toHaveLength(2)
        const upgrade = grants[1]!.data
        const charged = upgrade.amountCents as number
        // Just subscribed: nearly the whole month is left, so nearly the whole difference is charged.
        expect(charged).toBeGreaterThan(3400)
        expect(charged).toBeLessThanOrEqual(3500)
        const credits = Math.floor((charged * 900) / 3500)
        expect(upgrade).toMatchObject({
          plan: "PREMIUM",
          amount: credits,
          balanceAfter: 100 + credits,
          invoiceId: expect.stringMatching(/^in_local_/),
          checkoutSessionId: null,
        })
        expect(yield* balanceOf(person)).toBe(100 + credits)
        expect(ofType(events, "PaymentMismatched")).toEqual([])

        // The same request again is answered again and charges nothing more.
        const again = yield* change(person, "PREMIUM", "upgrade-1")
        expect(again.status).toBe(200)
        expect(again.headers.get("idempotent-replayed")).toBe("true")
        expect(yield* accountEvents(user.id)).toHaveLength(events.length)

        // Finance sees the grant caused by the test-mode invoice.
        const ledger = yield* (yield* clientOf(person)).creditLedger.transactions()
        expect(ledger.some((entry) => entry.id === upgrade.invoiceId)).toBe(true)
        const audit = yield* (yield* Billing).audit
        expect(audit.differences).toEqual([])
        // Reconciliation finds the upgrade's charge, and its share of the plans' difference is no
        // "credits differ from the offer".
        yield* settle
        const today = new Date().toISOString().slice(0, 10)
        const reconciled = yield* (yield* Reconciliations).between(today, today, new Date())
        expect(reconciled.differences).toEqual([])
        expect(reconciled.differenceCount).toBe(0)
      }),
  )

  it.effect(
    "a downgrade waits for the renewal, which invoices the cheaper plan; keeping undoes it",
    () =>
      Effect.gen(function* () {
        const { person, user } = yield* subscribed("downgrader", "PREMIUM")
        const down = yield* change(person, "BASIC")
        expect(down.status).toBe(200)
        expect(down.body).toMatchObject({ status: "active", plan: "PREMIUM", nextPlan: "BASIC" })
        expect(yield* balanceOf(person)).toBe(1000)

        const kept = yield* change(person, "PREMIUM")
        expect(kept.status).toBe(200)
        expect(kept.body).toMatchObject({ plan: "PREMIUM" })
        expect(kept.body).not.toHaveProperty("nextPlan")

        expect((yield* change(person, "PRO")).body).toMatchObject({ nextPlan: "PRO" })
        const billing = yield* Billing
        const renewed = yield* billing.renewOfflineSubscriptions({ now: new Date(), force: true })
        expect(renewed.renewed).toBeGreaterThanOrEqual(1)
        yield* settle
        const status = (yield* person.get("/api/subscription/status")).body
        expect(status).toMatchObject({ status: "active", plan: "PRO" })
        expect(status).not.toHaveProperty("nextPlan")
        const grants = ofType(yield* accountEvents(user.id), "SubscriptionCreditsGranted")
        expect(grants.at(-1)?.data).toMatchObject({ plan: "PRO", amount: 300, amountCents: 1329 })
        expect(yield* balanceOf(person)).toBe(1300)
      }),
  )

  it.effect(
    "refused changes answer why and change nothing; only a signed-in subscriber's own",
    () =>
      Effect.gen(function* () {
        expect((yield* request("/api/subscription/change", { method: "POST" })).status).toBe(401)

        const stranger = (yield* signUp("stranger")).person
        const none = yield* change(stranger, "PRO")
        expect(none.status).toBe(404)
        expect(none.body).toMatchObject({ message: "You have no active subscription." })
        const admin = (yield* signUp("finance", "finance@example.com")).person
        expect((yield* change(admin, "PRO")).status).toBe(404)

        const { person, user } = yield* subscribed("refused", "PRO")
        const before = (yield* accountEvents(user.id)).length
        const unknown = yield* change(person, "GOLD")
        expect(unknown.status).toBe(400)
        expect(JSON.stringify(unknown.body)).toContain(
          "Choose one of the plans: BASIC, PRO or PREMIUM.",
        )
        const same = yield* change(person, "PRO")
        expect(same.status).toBe(409)
        expect(same.body).toMatchObject({
          _tag: "PlanChangeNotAllowed",
          message: "You are on this plan already.",
        })
        expect((yield* person.post("/api/subscription/cancel")).status).toBe(200)
        const cancelled = yield* change(person, "PREMIUM")
        expect(cancelled.status).toBe(409)
        expect(cancelled.body).toMatchObject({
          message:
            "Your plan is cancelled and ends with its paid period: subscribe again once it ends.",
        })
        const events = yield* accountEvents(user.id)
        expect(events.length).toBe(before + 1)
        expect(ofType(events, "SubscriptionPlanChanged")).toEqual([])
        expect(yield* balanceOf(person)).toBe(300)
      }),
  )
})
