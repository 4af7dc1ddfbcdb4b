import { Either } from "effect"
import {
  type LedgerCause,
  type LedgerFilter,
  type LedgerPaging,
  ledgerCauses,
} from "#projections/credit-ledger/api.ts"

/** The ledger's filters as the URL carries them: `cause` is a comma-separated list. */
export interface LedgerQuery {
  readonly cause?: string | undefined
  readonly from?: string | undefined
  readonly to?: string | undefined
  /** How many entries to skip before the page, oldest first. */
  readonly offset?: string | undefined
  /** How many entries a page holds. */
  readonly limit?: string | undefined
}

/** A ledger page holds this many entries unless the query asks for another size, up to the most. */
export const ledgerPageSize = 100
const mostPerPage = 1000

const wholeNumber = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : Number.NaN)

/** Which page the query asks for: `limit` entries (100 when absent) after `offset` (0 when absent). */
export const ledgerPaging = (query: LedgerQuery): Either.Either<LedgerPaging, string> => {
  const offset = query.offset === undefined ? 0 : wholeNumber(query.offset)
  const limit = query.limit === undefined ? ledgerPageSize : wholeNumber(query.limit)
  if (Number.isNaN(offset))
    return Either.left("offset must be a whole number of entries, 0 or more.")
  if (Number.isNaN(limit) || limit < 1 || limit > mostPerPage) {
    return Either.left(`limit must be a whole number of entries from 1 to ${mostPerPage}.`)
  }
  return Either.right({ offset, limit })
}

const day = /^(\d{4})-(\d{2})-(\d{2})$/
const dateTime =
  /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?$/

/** A calendar day at 00:00 UTC, when the text names one that exists (no 30 February). */
const parseDay = (text: string): Date | undefined => {
  const match = day.exec(text)
  if (!match) return undefined
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const at = new Date(Date.UTC(year, month - 1, date))
  return at.getUTCMonth() === month - 1 && at.getUTCDate() === date ? at : undefined
}

/** A date-time; without a zone, in UTC (as dates are). */
const parseDateTime = (text: string): Date | undefined => {
  if (!dateTime.test(text) || !parseDay(text.slice(0, 10))) return undefined
  const at = new Date(/(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}Z`)
  return Number.isNaN(at.getTime()) ? undefined : at
}

const nextDay = (at: Date) => new Date(at.getTime() + 24 * 60 * 60 * 1000)

const badTime = (name: string) =>
  `${name} must be a date (2026-03-01) or a date-time (2026-03-01T12:00:00Z).`

const parseCauses = (text: string): Either.Either<ReadonlyArray<LedgerCause>, string> => {
  const causes = text.split(",").map((cause) => cause.trim())
  const known = (cause: string): cause is LedgerCause =>
    (ledgerCauses as ReadonlyArray<string>).includes(cause)
  return causes.every(known)
    ? Either.right(causes)
    : Either.left(`cause must be one or more of ${ledgerCauses.join(", ")}, separated by commas.`)
}

const parseFrom = (text: string): Either.Either<Date, string> => {
  const at = parseDay(text) ?? parseDateTime(text)
  return at ? Either.right(at) : Either.left(badTime("from"))
}

/** `to` is inclusive: a date takes in its whole day, a date-time its instant (to the millisecond). */
const parseUntil = (text: string): Either.Either<Date, string> => {
  const date = parseDay(text)
  if (date) return Either.right(nextDay(date))
  const at = parseDateTime(text)
  return at ? Either.right(new Date(at.getTime() + 1)) : Either.left(badTime("to"))
}

/** The filter the query asks for, or what is wrong with it, naming the parameter. */
export const ledgerFilter = (query: LedgerQuery): Either.Either<LedgerFilter, string> =>
  Either.gen(function* () {
    const causes = query.cause === undefined ? undefined : yield* parseCauses(query.cause)
    const from = query.from === undefined ? undefined : yield* parseFrom(query.from)
    const until = query.to === undefined ? undefined : yield* parseUntil(query.to)
    if (from && until && from >= until) return yield* Either.left("from must come before to.")
    return { ...(causes && { causes }), ...(from && { from }), ...(until && { until }) }
  })

/** A calendar month, YYYY-MM: from its first instant (UTC) until the next month's. */
export const statementMonth = (
  month: string,
): Either.Either<{ readonly from: Date; readonly until: Date }, string> => {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month)
  if (!match) return Either.left("month must be a month as YYYY-MM, such as 2026-03.")
  const [year, index] = [Number(match[1]), Number(match[2]) - 1]
  return Either.right({
    from: new Date(Date.UTC(year, index, 1)),
    until: new Date(Date.UTC(year, index + 1, 1)),
  })
}
