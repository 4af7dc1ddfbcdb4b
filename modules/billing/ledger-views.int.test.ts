import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, settle, signUp } from "#app/testing.ts"
import { type Browser, buyProPack, financeEnv as env, financeAdmin } from "#app/testing-billing.ts"
import { callAs, clientOf } from "#app/testing-client.ts"
import { query } from "#events/testing.ts"
import { creditLedger } from "#projections/credit-ledger/projection.ts"
import { rebuildProjection } from "#projections/runner.ts"
import type { LedgerParams } from "./api.ts"

type Filters = typeof LedgerParams.Type

const admin = financeAdmin()

/**
 * A person who bought the pro pack on 20 January (150), then had 20 taken on 31 January at 23:59:59 and
 * 30 given on 1 February at midnight (UTC): entries on both sides of a month's boundary.
 */
const history = Effect.gen(function* () {
  const { person, user } = yield* signUp("buyer")
  yield* settle
  const finance = yield* admin
  const { sessionId } = yield* buyProPack(person)
  for (const [amount, reason] of [
    [-20, "Chargeback"],
    [30, "Goodwill"],
  ] as const) {
    const adjusted = yield* finance.post(`/api/admin/ledger/${user.id}/adjustments`, {
      amount,
      reason,
    })
    expect(adjusted.status).toBe(200)
  }
  yield* settle
  const times = ["2026-01-20T10:00:00Z", "2026-01-31T23:59:59Z", "2026-02-01T00:00:00Z"]
  const rows = yield* query<{ global_position: string }>(
    "select global_position from credit_ledger where user_id = $1 order by global_position",
    [user.id],
  )
  expect(rows).toHaveLength(3)
  for (const [i, row] of rows.entries()) {
    yield* query("update credit_ledger set recorded_at = $1 where global_position = $2", [
      times[i],
      row.global_position,
    ])
  }
  return { person, finance, userId: user.id, sessionId }
})

/** A page of a person's ledger, as finance reads it through the typed client. */
const ledgerPage = (finance: Browser, userId: string, urlParams: Filters = {}) =>
  callAs(finance, (api) => api.billing.ledger({ path: { userId }, urlParams }))

const entries = (finance: Browser, userId: string, urlParams: Filters) =>
  Effect.map(ledgerPage(finance, userId, urlParams), (page) => page.entries)

describeApp({ env })("ledger views", (it) => {
  describe("filters", () => {
    it.effect("by cause and by dates, each entry with its balance, cause, actor and payment", () =>
      Effect.gen(function* () {
        const { finance, userId, sessionId } = yield* history
        const ledger = `/api/admin/ledger/${userId}`
        const bought = yield* entries(finance, userId, { cause: "checkout" })
        expect(bought).toEqual([
          expect.objectContaining({
            amount: 150,
            balanceAfter: 150,
            cause: "checkout",
            payment: sessionId,
            actor: "system:payments:local",
          }),
        ])
        const adjusted = yield* entries(finance, userId, { cause: "adjustment" })
        expect(adjusted.map((e) => [e.amount, e.balanceAfter, e.payment])).toEqual([
          [-20, 130, null],
          [30, 160, null],
        ])
        expect(adjusted[0]?.actor).toMatch(/^admin:/)
        expect(yield* entries(finance, userId, { cause: "checkout,adjustment" })).toHaveLength(3)
        expect(yield* entries(finance, userId, { cause: "signup" })).toEqual([])

        const amounts = (filters: Filters) =>
          Effect.map(entries(finance, userId, filters), (found) => found.map((e) => e.amount))
        expect(yield* amounts({ from: "2026-02-01" })).toEqual([30])
        expect(yield* amounts({ to: "2026-01-31" })).toEqual([150, -20])
        expect(yield* amounts({ to: "2026-01-31T23:00:00Z" })).toEqual([150])
        expect(yield* amounts({ from: "2026-01-31T23:59:59Z", to: "2026-02-01" })).toEqual([
          -20, 30,
        ])
        expect(yield* amounts({ from: "2026-01-21", cause: "adjustment" })).toEqual([-20, 30])

        const csv = yield* finance.get(`${ledger}/csv?cause=checkout`)
        expect(csv.status).toBe(200)
        const [header, row, end] = csv.text.split("\r\n")
        expect(header).toContain(",cause,cause_id,payment,actor,")
        expect(row).toContain(`,checkout,${sessionId},${sessionId},system:payments:local,`)
        expect(end).toBe("")
      }),
    )

    it.effect("a filter the server cannot read is a 400 naming it, and changes nothing", () =>
      Effect.gen(function* () {
        const { person, finance, userId } = yield* history
        const api = yield* clientOf(finance)
        const before = yield* ledgerPage(finance, userId)
        for (const [urlParams, message] of [
          [{ cause: "refund" }, /^cause must be one or more of signup, checkout, invoice/],
          [{ cause: "" }, /^cause must be/],
          [{ from: "yesterday" }, /^from must be a date \(2026-03-01\) or a date-time/],
          [{ to: "2026-02-30" }, /^to must be a date/],
          [{ to: "2026-01-01T25:00:00Z" }, /^to must be a date/],
          [{ from: "2026-02-02", to: "2026-02-01" }, /^from must come before to\.$/],
        ] as const) {
          const request = { path: { userId }, urlParams }
          for (const refused of [
            yield* Effect.flip(api.billing.ledger(request)),
            yield* Effect.flip(api.billing.ledgerCsv(request)),
          ]) {
            expect(refused._tag, JSON.stringify(urlParams)).toBe("InvalidLedgerQuery")
            expect(refused.message).toMatch(message)
          }
        }
        for (const [urlParams, message] of [
          [{ offset: "-1" }, "offset must be a whole number of entries, 0 or more."],
          [{ offset: "1.5" }, "offset must be a whole number of entries, 0 or more."],
          [
            { offset: "99999999999999999999" },
            "offset must be a whole number of entries, 0 or more.",
          ],
          [{ limit: "0" }, "limit must be a whole number of entries from 1 to 1000."],
          [{ limit: "1001" }, "limit must be a whole number of entries from 1 to 1000."],
          [{ limit: "ten" }, "limit must be a whole number of entries from 1 to 1000."],
        ] as const) {
          const refused = yield* Effect.flip(ledgerPage(finance, userId, urlParams))
          expect(refused, JSON.stringify(urlParams)).toMatchObject({
            _tag: "InvalidLedgerQuery",
            message,
          })
        }
        expect(yield* ledgerPage(finance, userId)).toEqual(before)
        const { credits } = yield* callAs(person, (api) => api.creditLedger.credits())
        expect(credits).toBe(160)
      }),
    )
  })

  describe("pages", () => {
    it.effect(
      "a long ledger answers a page at a time, oldest first, with the count, sum and running balance of all of it",
      () =>
        Effect.gen(function* () {
          const { user } = yield* signUp("regular")
          const finance = yield* admin
          // Billing opens the account as it reads the registration: an adjustment before that is a 404.
          yield* settle
          const ledger = `/api/admin/ledger/${user.id}`
          for (let n = 0; n < 23; n++) {
            const adjusted = yield* finance.post(`${ledger}/adjustments`, {
              amount: n % 2 === 0 ? 3 : -1,
              reason: `Entry ${n}`,
            })
            expect(adjusted.status).toBe(200)
          }
          yield* settle
          const page = (filters: Filters) => ledgerPage(finance, user.id, filters)
          const whole = yield* page({})
          expect(whole).toMatchObject({ offset: 0, pageSize: 100, total: 23 })
          expect(whole.entries).toHaveLength(23)
          const first = yield* page({ limit: "10" })
          expect(first.entries.map((e) => e.detail).slice(0, 2)).toEqual(["Entry 0", "Entry 1"])
          expect(first).toMatchObject({
            offset: 0,
            pageSize: 10,
            total: 23,
            summed: 25,
            running: 25,
          })
          expect(first.balance).toBe(25)
          expect(first.entries).toHaveLength(10)
          const last = yield* page({ offset: "20", limit: "10" })
          expect(last.entries.map((e) => e.detail)).toEqual(["Entry 20", "Entry 21", "Entry 22"])
          expect(last.entries.at(-1)?.balanceAfter).toBe(25)
          expect((yield* page({ offset: "40", limit: "10" })).entries).toEqual([])
          const taken = yield* page({
            offset: "10",
            limit: "5",
            cause: "adjustment",
            from: "2000-01-01",
          })
          expect(taken).toMatchObject({ total: 23, summed: 25, offset: 10, pageSize: 5 })
          expect(taken.entries.map((e) => e.detail)).toEqual([
            "Entry 10",
            "Entry 11",
            "Entry 12",
            "Entry 13",
            "Entry 14",
          ])
          const csv = yield* finance.get(`${ledger}/csv?offset=20&limit=1`)
          expect(csv.text.trim().split("\r\n")).toHaveLength(24)
        }),
    )

    it.effect(
      "two people's entries made at the same time page and total each in their own ledger, the same after a rebuild",
      () =>
        Effect.gen(function* () {
          const finance = yield* admin
          const people = [(yield* signUp("first")).user.id, (yield* signUp("second")).user.id]
          // Billing opens their accounts when it reads their registrations: a moment later.
          yield* settle
          // Each person's entries one after another, the two people's side by side: batches mix them.
          yield* Effect.forEach(
            people,
            (userId, p) =>
              Effect.forEach(
                Array.from({ length: 12 }, (_, n) => n),
                (n) =>
                  Effect.map(
                    finance.post(`/api/admin/ledger/${userId}/adjustments`, {
                      amount: n % 3 === 2 ? -1 : p + 2,
                      reason: `Entry ${n}`,
                    }),
                    (answer) => expect(answer.status).toBe(200),
                  ),
              ),
            { concurrency: "unbounded" },
          )
          yield* settle
          const pages = Effect.forEach(people, (userId) =>
            Effect.map(ledgerPage(finance, userId, { offset: "6", limit: "4" }), (page) => ({
              ...page,
              entries: page.entries.map((e) => e.detail),
            })),
          )
          const read = yield* pages
          const entries = ["Entry 6", "Entry 7", "Entry 8", "Entry 9"]
          // 8 entries of +2 (or +3) and 4 of -1.
          expect(read[0]).toMatchObject({
            entries,
            total: 12,
            summed: 12,
            running: 12,
            balance: 12,
          })
          expect(read[1]).toMatchObject({
            entries,
            total: 12,
            summed: 20,
            running: 20,
            balance: 20,
          })
          yield* rebuildProjection(creditLedger)
          expect(yield* pages).toEqual(read)
        }),
    )
  })

  describe("statements", () => {
    it.effect(
      "opening and closing balances across a month's boundary, with totals in and out",
      () =>
        Effect.gen(function* () {
          const { finance, userId } = yield* history
          const api = yield* clientOf(finance)
          const statement = (month: string) =>
            api.billing.ledgerStatement({ path: { userId }, urlParams: { month } })
          const january = yield* statement("2026-01")
          expect(january).toMatchObject({
            userId,
            month: "2026-01",
            openingBalance: 0,
            closingBalance: 130,
            totalIn: 150,
            totalOut: 20,
          })
          expect(january.entries.map((e) => e.amount)).toEqual([150, -20])
          const february = yield* statement("2026-02")
          expect(february).toMatchObject({
            openingBalance: 130,
            closingBalance: 160,
            totalIn: 30,
            totalOut: 0,
          })
          expect(february.entries.map((e) => e.amount)).toEqual([30])
          expect(yield* statement("2026-03")).toMatchObject({
            openingBalance: 160,
            closingBalance: 160,
            entries: [],
          })
          expect(yield* statement("2025-12")).toMatchObject({
            openingBalance: 0,
            closingBalance: 0,
            entries: [],
          })
        }),
    )

    it.effect("a bad month is a 400; only administrators read statements", () =>
      Effect.gen(function* () {
        const { person, finance, userId } = yield* history
        const path = `/api/admin/ledger/${userId}/statement`
        const api = yield* clientOf(finance)
        for (const month of ["2026-13", "2026-1", "2026-01-01", "january"]) {
          const refused = yield* Effect.flip(
            api.billing.ledgerStatement({ path: { userId }, urlParams: { month } }),
          )
          expect(refused, month).toMatchObject({
            _tag: "InvalidLedgerQuery",
            message: "month must be a month as YYYY-MM, such as 2026-03.",
          })
        }
        // Without a month, which the contract cannot send.
        expect((yield* finance.get(path)).status).toBe(400)
        expect((yield* request(`${path}?month=2026-01`)).status).toBe(401)
        expect((yield* person.get(`${path}?month=2026-01`)).status).toBe(404)
        expect((yield* person.get(`/api/admin/ledger/${userId}?cause=checkout`)).status).toBe(404)
        const nobody = yield* finance.get("/api/admin/ledger/no-such-user/statement?month=2026-01")
        expect(nobody.status).toBe(404)
      }),
    )
  })
})
