import { Either } from "effect"
import type { Period } from "./reconcile.ts"

const day = /^(\d{4})-(\d{2})-(\d{2})$/
const dayMs = 24 * 60 * 60 * 1000
/** A year and a day: longer periods are reconciled a year at a time. */
const longest = 367

const parseDay = (text: string): Date | undefined => {
  const match = day.exec(text)
  if (!match) return undefined
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const at = new Date(Date.UTC(year, month - 1, date))
  return at.getUTCMonth() === month - 1 && at.getUTCDate() === date ? at : undefined
}

/** The days `from` to `to`, both included (UTC), or why they are not a period. */
export const reconciliationPeriod = (from: string, to: string): Either.Either<Period, string> => {
  const [start, end] = [parseDay(from), parseDay(to)]
  if (start === undefined)
    return Either.left(`from must be a date such as 2026-03-01, not "${from}".`)
  if (end === undefined) return Either.left(`to must be a date such as 2026-03-31, not "${to}".`)
  if (start > end) return Either.left(`from (${from}) must not be after to (${to}).`)
  const until = new Date(end.getTime() + dayMs)
  if ((until.getTime() - start.getTime()) / dayMs > longest)
    return Either.left(`A reconciliation covers at most ${longest} days; split the period.`)
  return Either.right({ from: start, until })
}

/** Yesterday (UTC), as the daily run reconciles it. */
export const yesterday = (now: Date): Period => {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  return { from: new Date(today.getTime() - dayMs), until: today }
}
