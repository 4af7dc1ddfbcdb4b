import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { LedgerMoney, MoneyObject } from "./api.ts"

/** Where a page of the ledger's money ends: the next page starts after it. */
export interface MoneyCursor {
  readonly recordedAt: Date
  readonly position: number
}

type MoneyRow = Omit<LedgerMoney, "position"> & { readonly position: string }

const columns = `global_position as position, object, reference, payment_id as "paymentId",
  user_id as "userId", recorded_at as "recordedAt", amount_cents as "amountCents", currency, credits, offer`

const toMoney = (row: MoneyRow): LedgerMoney => ({ ...row, position: Number(row.position) })

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  // Keyset pages through (object, recorded_at, global_position): a page costs the same at any depth.
  const page = (
    object: MoneyObject,
    period: { readonly from: Date; readonly until: Date },
    after: MoneyCursor | null,
    limit: number,
  ) =>
    Effect.map(
      sql<MoneyRow>`
        select ${sql.literal(columns)} from ledger_money
         where ${sql.and([
           sql`object = ${object}`,
           sql`recorded_at >= ${period.from}`,
           sql`recorded_at < ${period.until}`,
           ...(after
             ? [sql`(recorded_at, global_position) > (${after.recordedAt}, ${after.position})`]
             : []),
         ])}
         order by recorded_at, global_position
         limit ${limit}`,
      (rows) => rows.map(toMoney),
    ).pipe(Effect.orDie)

  const byReferences = (object: MoneyObject, references: ReadonlyArray<string>) =>
    references.length === 0
      ? Effect.succeed([] as ReadonlyArray<LedgerMoney>)
      : Effect.map(
          sql<MoneyRow>`
            select ${sql.literal(columns)} from ledger_money
             where object = ${object} and reference in ${sql.in(references)}
             order by global_position`,
          (rows): ReadonlyArray<LedgerMoney> => rows.map(toMoney),
        ).pipe(Effect.orDie)

  return { page, byReferences }
})

/** The ledger's money by date and by the provider's references, for reconciliation. */
export class LedgerMoneyReads extends Context.Tag("@melody/projections/LedgerMoneyReads")<
  LedgerMoneyReads,
  Effect.Effect.Success<typeof make>
>() {
  static readonly live = Layer.effect(LedgerMoneyReads, make)
}
