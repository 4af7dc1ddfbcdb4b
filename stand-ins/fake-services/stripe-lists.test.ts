import Stripe from "stripe"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FakeStripe, startFakeStripe } from "./stripe.ts"

// The fake lists as Stripe does: the official client's pagination walks it.

let fake: FakeStripe
let stripe: Stripe
const day = 1_767_225_600 // 2026-01-01T00:00:00Z

beforeAll(async () => {
  fake = await startFakeStripe()
  const url = new URL(fake.url)
  stripe = new Stripe(fake.secretKey, {
    host: url.hostname,
    port: url.port,
    protocol: "http",
    maxNetworkRetries: 0,
  })
  // 25 charges, one every 50 minutes on the first day, and 5 on the next; a refund and a dispute of two of them.
  for (let i = 0; i < 30; i++) {
    const intent = fake.newPayment(100 + i, "eur", null)
    const charge = fake.charges.get(fake.paymentIntents.get(intent)!.latest_charge)!
    charge.created = i < 25 ? day + i * 3000 : day + 86_400 + i
  }
})
afterAll(() => fake.close())

const charges = () => [...fake.charges.values()]

describe("the fake Stripe's lists", () => {
  it("pages newest first with has_more and starting_after", async () => {
    const first = await stripe.charges.list({ limit: 10 })
    expect(first.data.map((c) => c.amount)).toEqual([
      129, 128, 127, 126, 125, 124, 123, 122, 121, 120,
    ])
    expect(first.has_more).toBe(true)
    const next = await stripe.charges.list({ limit: 10, starting_after: first.data.at(-1)!.id })
    expect(next.data[0]!.amount).toBe(119)
    const last = await stripe.charges.list({ limit: 10, starting_after: "ch_unknown" })
    expect(last.data).toEqual([])
  })

  it("narrows by created[gte] and created[lt], and auto-pagination reads every page", async () => {
    const seen: Array<number> = []
    for await (const charge of stripe.charges.list({
      limit: 7,
      created: { gte: day, lt: day + 86_400 },
    })) {
      seen.push(charge.amount)
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => 124 - i))
    const afterNoon = await stripe.charges.list({ limit: 100, created: { gte: day + 12 * 3600 } })
    expect(afterNoon.data).toHaveLength(10 + 5)
    expect(afterNoon.has_more).toBe(false)
  })

  it("lists refunds and disputes the same way, and retrieves each by id", async () => {
    const [a, b] = charges()
    await fake.refund(a!.payment_intent, 40, "none")
    await fake.dispute(b!.payment_intent, "none")
    const refunds = await stripe.refunds.list({ limit: 1, created: { gte: day } })
    expect(refunds.data.map((r) => [r.amount, r.charge])).toEqual([[40, a!.id]])
    expect(refunds.has_more).toBe(false)
    const disputes = await stripe.disputes.list({ limit: 100 })
    expect(disputes.data.map((d) => [d.amount, d.charge])).toEqual([[b!.amount, b!.id]])
    expect((await stripe.disputes.retrieve(disputes.data[0]!.id)).status).toBe("needs_response")
    expect((await stripe.refunds.retrieve(refunds.data[0]!.id)).amount).toBe(40)
    expect((await stripe.charges.retrieve(a!.id)).amount_refunded).toBe(40)
    await expect(stripe.charges.retrieve("ch_missing")).rejects.toThrow(/No such/)
  })
})
