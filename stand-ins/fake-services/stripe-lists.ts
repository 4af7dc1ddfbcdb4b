import type { Json } from "./stripe-values.ts"

// Stripe's list endpoints: newest first, `limit` (1 to 100, 10 by default), cursors `starting_after` and
// `ending_before`, and `created[gte|gt|lte|lt]` in seconds, answered as `{ object: "list", data, has_more }`.

interface Listed extends Json {
  readonly id: string
  readonly created: number
}

const createdWithin = (url: URL) => {
  const bound = (op: string) => {
    const value =
      url.searchParams.get(`created[${op}]`) ??
      (op === "eq" ? url.searchParams.get("created") : null)
    return value === null ? undefined : Number(value)
  }
  const [gte, gt, lte, lt, eq] = ["gte", "gt", "lte", "lt", "eq"].map(bound)
  return (created: number) =>
    (gte === undefined || created >= gte) &&
    (gt === undefined || created > gt) &&
    (lte === undefined || created <= lte) &&
    (lt === undefined || created < lt) &&
    (eq === undefined || created === eq)
}

/** One page of `items` as Stripe lists them; `filter` narrows by the endpoint's own parameters. */
export const listPage = <T extends Listed>(
  url: URL,
  items: Iterable<T>,
  filter: (item: T) => boolean = () => true,
) => {
  const limit = Math.min(100, Math.max(1, Number(url.searchParams.get("limit") ?? 10)))
  const within = createdWithin(url)
  // Newest first; among objects of the same second, the later made first, as Stripe's ids order them.
  const sorted = [...items]
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => within(item.created) && filter(item))
    .sort((a, b) => b.item.created - a.item.created || b.index - a.index)
    .map(({ item }) => item)
  const after = url.searchParams.get("starting_after")
  const before = url.searchParams.get("ending_before")
  let data: Array<T>
  let more: boolean
  if (before !== null) {
    const end = sorted.findIndex((item) => item.id === before)
    const start = Math.max(0, end - limit)
    data = end < 0 ? [] : sorted.slice(start, end)
    more = start > 0
  } else {
    const start = after === null ? 0 : sorted.findIndex((item) => item.id === after) + 1
    data = after !== null && start === 0 ? [] : sorted.slice(start, start + limit)
    more = start + limit < sorted.length
  }
  return { object: "list", data, has_more: more, url: url.pathname }
}

/** `charge` or `payment_intent` as the list's own narrowing, as refunds and disputes take them. */
export const byPayment = (url: URL) => {
  const [charge, paymentIntent] = [
    url.searchParams.get("charge"),
    url.searchParams.get("payment_intent"),
  ]
  return (item: Json) =>
    (charge === null || item.charge === charge) &&
    (paymentIntent === null || item.payment_intent === paymentIntent)
}
