import { Effect, Either } from "effect"
import { NotFound } from "#api/refusals.ts"
import { Ledger, Statement } from "./api-answers.ts"
import { InvalidLedgerQuery } from "./api-refusals.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import { CreditLedger } from "./credit-ledger.ts"
import { ledgerCsv } from "./ledger-csv.ts"
import { type LedgerQuery, ledgerFilter, ledgerPaging, statementMonth } from "./ledger-query.ts"

const noSuchUser = new NotFound({ message: "There is no user with this id." })

const valid = <A>(parsed: Either.Either<A, string>) =>
  Either.mapLeft(parsed, (message) => new InvalidLedgerQuery({ message }))

/** A person's ledger as finance reads it: filtered, as CSV, and month by month as statements. */
export const makeAdminLedger = Effect.gen(function* () {
  const accounts = yield* CreditAccounts
  const ledger = yield* CreditLedger

  const known = (userId: string) =>
    Effect.flatMap(accounts.exists(userId), (exists) => (exists ? Effect.void : noSuchUser))

  const page = (userId: string, query: LedgerQuery) =>
    Effect.gen(function* () {
      const filter = yield* valid(ledgerFilter(query))
      const paging = yield* valid(ledgerPaging(query))
      const { balance, read } = yield* Effect.all(
        { balance: ledger.balance(userId), read: ledger.page(userId, filter, paging) },
        { concurrency: 2 },
      )
      // A ledger with entries is a known person's; only an empty one may be nobody's.
      if (read.total === 0) yield* known(userId)
      return new Ledger(
        { userId, balance, ...read, offset: paging.offset, pageSize: paging.limit },
        true,
      )
    })

  /** Every entry the filters let through, whatever the page. */
  const csv = (userId: string, query: LedgerQuery) =>
    Effect.gen(function* () {
      const filter = yield* valid(ledgerFilter(query))
      yield* known(userId)
      return ledgerCsv(yield* ledger.entries(userId, filter))
    })

  const statement = (userId: string, month: string) =>
    Effect.gen(function* () {
      const { from, until } = yield* valid(statementMonth(month))
      yield* known(userId)
      const openingBalance = yield* ledger.balanceBefore(userId, from)
      const moved = yield* ledger.entries(userId, { from, until })
      const amounts = moved.map((entry) => entry.amount)
      return new Statement({
        userId,
        month,
        openingBalance,
        closingBalance: moved.at(-1)?.balanceAfter ?? openingBalance,
        totalIn: amounts.filter((a) => a > 0).reduce((sum, a) => sum + a, 0),
        totalOut: -amounts.filter((a) => a < 0).reduce((sum, a) => sum + a, 0),
        entries: moved,
      })
    })

  return { page, csv, statement }
})
