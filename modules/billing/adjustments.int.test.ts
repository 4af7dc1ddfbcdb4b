import { expect } from "@effect/vitest"
import { Effect } from "effect"
import {
  type browser,
  describeApp,
  request,
  settle,
  signUp,
  signUpGrantedAdmin,
} from "#app/testing.ts"
import { callAs, firstPage } from "#app/testing-client.ts"
import type { AdjustmentPayload } from "./api.ts"

const env = { REGISTRATIONS_PER_ADDRESS: "1000", LOGIN_ATTEMPTS_PER_ADDRESS: "1000" }

type Browser = ReturnType<typeof browser>

/** A signed-in administrator made so from the command line, and their id. */
const anAdmin = (prefix: string) =>
  Effect.map(signUpGrantedAdmin(prefix), ({ person, user }) => ({
    admin: person,
    adminId: user.id,
  }))

/** A person, two admins, and the person's balance as they read it. */
const cast = Effect.gen(function* () {
  const { person, user } = yield* signUp("member")
  const first = yield* anAdmin("first")
  const second = yield* anAdmin("second")
  // Every account is opened by billing's reaction to its registration: wait for all three, admins too.
  yield* settle
  return { person, userId: user.id, first, second }
})

const credits = (person: Browser) =>
  callAs(person, (api) => Effect.map(api.creditLedger.credits(), (view) => view.credits))

const pending = (admin: Browser) => callAs(admin, (api) => api.billing.pendingAdjustments())

const pendingIds = (admin: Browser) =>
  Effect.map(pending(admin), ({ adjustments }) => adjustments.map((a) => a.adjustmentId))

const adjust = (admin: Browser, userId: string, payload: typeof AdjustmentPayload.Type) =>
  callAs(admin, (api) => api.billing.adjustCredits({ path: { userId }, payload }))

/** Sent as it is, for payloads the contract refuses before they leave. */
const adjustRaw = (admin: Browser, userId: string, payload: unknown) =>
  admin.post(`/api/admin/ledger/${userId}/adjustments`, payload)

const approve = (admin: Browser, adjustmentId: string) =>
  callAs(admin, (api) => api.billing.approveAdjustment({ path: { adjustmentId } }))

describeApp({ env })("admin adjustments", (it) => {
  it.effect("at or below the threshold, an adjustment applies at once", () =>
    Effect.gen(function* () {
      const { person, userId, first } = yield* cast
      const answer = yield* adjust(first.admin, userId, {
        amount: 1000,
        reason: "Lost songs in the outage",
        ticket: "ZD-77",
      })
      expect(answer).toMatchObject({ status: "applied", balance: 1000 })
      expect(yield* credits(person)).toBe(1000)
      expect(yield* pendingIds(first.admin)).not.toContain(answer.adjustmentId)
    }),
  )

  it.effect("above it, nothing moves until a second admin approves; its requester cannot", () =>
    Effect.gen(function* () {
      const { person, userId, first, second } = yield* cast
      const requested = yield* adjust(first.admin, userId, {
        amount: 5000,
        reason: "Goodwill for the outage",
        ticket: "ZD-78",
      })
      expect(requested).toMatchObject({ status: "pending", balance: 0 })
      const { adjustmentId } = requested
      expect(yield* credits(person)).toBe(0)
      const waiting = yield* pending(second.admin)
      expect(waiting.approvalAbove).toBe(1000)
      expect(waiting.adjustments).toContainEqual(
        expect.objectContaining({
          adjustmentId,
          userId,
          amount: 5000,
          reason: "Goodwill for the outage",
          ticket: "ZD-78",
          requestedBy: first.adminId,
        }),
      )

      const own = yield* Effect.flip(approve(first.admin, adjustmentId))
      expect(own).toMatchObject({
        _tag: "OwnAdjustment",
        message: "You requested this adjustment: another admin must approve it.",
      })
      expect(yield* credits(person)).toBe(0)

      const approved = yield* second.admin.post(`/api/admin/adjustments/${adjustmentId}/approval`)
      expect(approved.status).toBe(200)
      expect(approved.body).toEqual({ adjustmentId, status: "applied", balance: 5000 })
      expect(yield* credits(person)).toBe(5000)
      expect(yield* pendingIds(second.admin)).not.toContain(adjustmentId)

      const again = yield* second.admin.post(`/api/admin/adjustments/${adjustmentId}/approval`)
      expect(again.status).toBe(409)
      const rejectedLate = yield* second.admin.post(
        `/api/admin/adjustments/${adjustmentId}/rejection`,
        { reason: "Too late" },
      )
      expect(rejectedLate.status).toBe(409)
      expect(yield* credits(person)).toBe(5000)
    }),
  )

  it.effect("an admin's own credits never move on one admin's word", () =>
    Effect.gen(function* () {
      const { first, second } = yield* cast
      const own = yield* adjust(first.admin, first.adminId, { amount: 10, reason: "For me" })
      expect(own).toMatchObject({ status: "pending", balance: 0 })
      const forFirst = yield* adjust(second.admin, first.adminId, {
        amount: 2000,
        reason: "For you",
      })
      const approved = yield* Effect.flip(approve(first.admin, forFirst.adjustmentId))
      expect(approved).toMatchObject({
        _tag: "OwnAdjustment",
        message: "This adjustment is of your own credits: another admin must approve it.",
      })
      expect(yield* credits(first.admin)).toBe(0)
    }),
  )

  it.effect("two admins approving at the same moment apply it once; the other hears 409", () =>
    Effect.gen(function* () {
      const { person, userId, first, second } = yield* cast
      const third = yield* anAdmin("third")
      const { adjustmentId } = yield* adjust(first.admin, userId, { amount: 4000, reason: "Race" })
      const approval = `/api/admin/adjustments/${adjustmentId}/approval`
      const answers = yield* Effect.all([second.admin.post(approval), third.admin.post(approval)], {
        concurrency: "unbounded",
      })
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
      expect(yield* credits(person)).toBe(4000)
    }),
  )

  it.effect("a pending one is rejected with a reason, and then cannot be approved", () =>
    Effect.gen(function* () {
      const { person, userId, first, second } = yield* cast
      const { adjustmentId } = yield* adjust(first.admin, userId, {
        amount: 2000,
        reason: "Big favour",
      })
      const rejection = `/api/admin/adjustments/${adjustmentId}/rejection`
      for (const payload of [{}, { reason: "  " }, { reason: "x".repeat(501) }]) {
        expect((yield* second.admin.post(rejection, payload)).status).toBe(400)
      }
      expect(yield* pendingIds(second.admin)).toContain(adjustmentId)

      const rejected = yield* second.admin.post(rejection, { reason: "No ticket for it" })
      expect(rejected.status).toBe(200)
      expect(rejected.body).toEqual({ adjustmentId, status: "rejected", balance: 0 })
      expect(yield* pendingIds(second.admin)).not.toContain(adjustmentId)
      const approved = yield* Effect.flip(approve(second.admin, adjustmentId))
      expect(approved).toMatchObject({
        _tag: "AdjustmentSettled",
        message: "This adjustment was rejected: it cannot be approved.",
      })
      expect((yield* second.admin.post(rejection, { reason: "Again" })).status).toBe(409)
      expect(yield* credits(person)).toBe(0)
    }),
  )

  it.effect(
    "anonymous gets 401 and a person 404 on every adjustment endpoint; unknown ids 404",
    () =>
      Effect.gen(function* () {
        const { person, userId, first, second } = yield* cast
        const { adjustmentId } = yield* adjust(first.admin, userId, {
          amount: 3000,
          reason: "For a test",
        })
        const approval = `/api/admin/adjustments/${adjustmentId}/approval`
        const rejection = `/api/admin/adjustments/${adjustmentId}/rejection`
        const asks = [
          { method: "GET", path: "/api/admin/adjustments/pending" },
          { method: "POST", path: approval },
          { method: "POST", path: rejection },
          { method: "POST", path: `/api/admin/ledger/${userId}/adjustments` },
        ]
        for (const ask of asks) {
          const init =
            ask.method === "POST"
              ? {
                  method: "POST",
                  headers: { "content-type": "application/json" },
                  body: JSON.stringify({ amount: 5, reason: "mine now" }),
                }
              : {}
          expect((yield* request(ask.path, init)).status).toBe(401)
          const asPerson =
            ask.method === "POST"
              ? yield* person.post(ask.path, { amount: 5, reason: "mine now" })
              : yield* person.get(ask.path)
          expect(asPerson.status).toBe(404)
        }
        expect(yield* pendingIds(second.admin)).toContain(adjustmentId)
        expect(yield* credits(person)).toBe(0)

        const unknown = "0190a1b2-0000-7000-8000-000000000000"
        const nobody = yield* Effect.flip(approve(second.admin, unknown))
        expect(nobody).toMatchObject({
          _tag: "NotFound",
          message: "There is no adjustment with this id.",
        })
        expect(
          (yield* second.admin.post(`/api/admin/adjustments/${unknown}/rejection`, {
            reason: "No such thing",
          })).status,
        ).toBe(404)
      }),
  )

  it.effect("bad adjustments are refused with 400 and change nothing", () =>
    Effect.gen(function* () {
      const { person, userId, first, second } = yield* cast
      const before = (yield* pendingIds(first.admin)).length
      for (const payload of [
        { amount: 10 },
        { amount: 10, reason: "  " },
        { amount: 10, reason: "x".repeat(501) },
        { amount: 0, reason: "nothing" },
        { amount: 100_001, reason: "too much" },
        { amount: -100_001, reason: "too much" },
        { amount: 2.5, reason: "half" },
        { amount: 10, reason: "fine", ticket: "x".repeat(101) },
      ]) {
        expect((yield* adjustRaw(first.admin, userId, payload)).status).toBe(400)
      }
      const removal = yield* Effect.flip(
        adjust(first.admin, userId, { amount: -5, reason: "test" }),
      )
      expect(removal).toMatchObject({
        _tag: "InvalidAdjustment",
        message: "The balance is 0 credits; an adjustment cannot take it below zero.",
      })
      const bigRemoval = yield* adjustRaw(first.admin, userId, { amount: -5000, reason: "test" })
      expect(bigRemoval.status).toBe(400)
      expect(yield* pendingIds(first.admin)).toHaveLength(before)

      // A removal the balance covered when asked, but no longer when approved, stays pending.
      yield* adjust(first.admin, userId, { amount: 1000, reason: "Grant" })
      const pendingRemoval = yield* adjustRaw(first.admin, userId, {
        amount: -1001,
        reason: "Oops",
      })
      expect(pendingRemoval.status).toBe(400)
      yield* adjust(first.admin, userId, { amount: 600, reason: "Grant" })
      const removing = yield* adjust(first.admin, userId, { amount: -1500, reason: "Clawback" })
      expect(removing).toMatchObject({ status: "pending", balance: 1600 })
      yield* adjust(first.admin, userId, { amount: -200, reason: "Correction" })
      const approved = yield* Effect.flip(approve(second.admin, removing.adjustmentId))
      expect(approved).toMatchObject({
        _tag: "InvalidAdjustment",
        message: "The balance is 1400 credits; an adjustment cannot take it below zero.",
      })
      expect(yield* pendingIds(second.admin)).toContain(removing.adjustmentId)
      expect(yield* credits(person)).toBe(1400)

      const nobody = yield* adjustRaw(first.admin, "no-such-user", { amount: 10, reason: "typo" })
      expect(nobody.status).toBe(404)
    }),
  )

  it.effect(
    "the ledger, the activity stream and the person's history show who, why and the ticket",
    () =>
      Effect.gen(function* () {
        const { person, userId, first, second } = yield* cast
        const { adjustmentId } = yield* adjust(first.admin, userId, {
          amount: 1500,
          reason: "Songs lost in the outage",
          ticket: "ZD-99",
        })
        yield* approve(second.admin, adjustmentId)
        yield* settle

        const ledger = yield* callAs(second.admin, (api) =>
          api.billing.ledger({ path: { userId }, urlParams: {} }),
        )
        expect(ledger.entries).toEqual([
          expect.objectContaining({
            type: "CreditsAdjusted",
            amount: 1500,
            balanceAfter: 1500,
            cause: "adjustment",
            causeId: adjustmentId,
            actor: `admin:${second.adminId}`,
            detail: "Songs lost in the outage",
            ticket: "ZD-99",
            requestedBy: first.adminId,
            approvedBy: second.adminId,
          }),
        ])
        const csv = (yield* second.admin.get(`/api/admin/ledger/${userId}/csv`)).text
        expect(csv).toContain(`,Songs lost in the outage,ZD-99,${first.adminId},${second.adminId}`)

        const { items: activity } = yield* callAs(second.admin, (api) =>
          api.admin.interactions({ urlParams: { ...firstPage, userId } }),
        )
        expect(activity).toContainEqual(
          expect.objectContaining({
            type: "adjustment_pending",
            details: {
              credits: 1500,
              reason: "Songs lost in the outage",
              ticket: "ZD-99",
              requestedBy: first.adminId,
            },
          }),
        )
        expect(activity).toContainEqual(
          expect.objectContaining({
            type: "credits_adjusted",
            details: {
              credits: 1500,
              reason: "Songs lost in the outage",
              ticket: "ZD-99",
              requestedBy: first.adminId,
              approvedBy: second.adminId,
            },
          }),
        )

        expect((yield* person.get("/api/credits/transactions")).body).toMatchObject([
          {
            id: adjustmentId,
            type: "adjustment",
            amount: 1500,
            description: "Credits adjusted by support: Songs lost in the outage",
          },
        ])
      }),
  )
})
