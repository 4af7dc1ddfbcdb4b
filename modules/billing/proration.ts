import type { PlanId } from "#events/contracts/billing.ts"
import { planById } from "./price-list.ts"

/** The month a renewal on `renewsAt` closes: it began a month before, on the same day (or the month's last). */
export const periodStartOf = (renewsAt: Date): Date => {
  const start = new Date(renewsAt)
  start.setUTCDate(1)
  start.setUTCMonth(start.getUTCMonth() - 1)
  const lastDay = new Date(
    Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0),
  ).getUTCDate()
  start.setUTCDate(Math.min(renewsAt.getUTCDate(), lastDay))
  return start
}

/**
 * What an upgrade charges now, as Stripe prorates it: the price difference for the share of the paid
 * period still to run.
 */
export const prorationCents = (fromPlan: PlanId, toPlan: PlanId, now: Date, renewsAt: Date) => {
  const start = periodStartOf(renewsAt).getTime()
  const length = renewsAt.getTime() - start
  const left = Math.min(Math.max(renewsAt.getTime() - now.getTime(), 0), length)
  const difference = planById(toPlan).priceCents - planById(fromPlan).priceCents
  return length <= 0 ? 0 : Math.max(0, Math.round((difference * left) / length))
}

/**
 * The credits an upgrade's invoice grants: its amount before tax buys the plans' difference in credits
 * pro rata, rounded down, and never more than that difference.
 */
export const upgradeCredits = (fromPlan: PlanId, toPlan: PlanId, paidBeforeTaxCents: number) => {
  const credits = planById(toPlan).credits - planById(fromPlan).credits
  const price = planById(toPlan).priceCents - planById(fromPlan).priceCents
  if (credits <= 0 || price <= 0 || paidBeforeTaxCents <= 0) return 0
  return Math.min(credits, Math.floor((paidBeforeTaxCents * credits) / price))
}
