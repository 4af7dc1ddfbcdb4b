/** A plan as the price list gives it. */
interface PlanOffer {
  readonly credits: number
  readonly priceCents: number
}

/**
 * What an upgrade charges now and grants, estimated as the server prorates it (proration.ts): the price
 * difference for the share of the month left before `renewsAt`, and that share of the credits' difference.
 * The invoice decides; tax may come on top.
 */
export const upgradeEstimate = (from: PlanOffer, to: PlanOffer, renewsAt: Date, now: Date) => {
  const start = new Date(renewsAt)
  start.setUTCDate(1)
  start.setUTCMonth(start.getUTCMonth() - 1)
  const lastDay = new Date(
    Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0),
  ).getUTCDate()
  start.setUTCDate(Math.min(renewsAt.getUTCDate(), lastDay))
  const length = renewsAt.getTime() - start.getTime()
  const left = Math.min(Math.max(renewsAt.getTime() - now.getTime(), 0), length)
  const price = to.priceCents - from.priceCents
  const credits = to.credits - from.credits
  const chargedCents = length <= 0 || price <= 0 ? 0 : Math.round((price * left) / length)
  const granted =
    chargedCents <= 0 ? 0 : Math.min(credits, Math.floor((chargedCents * credits) / price))
  return { chargedCents, credits: granted }
}
