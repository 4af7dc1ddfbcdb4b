import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { v5 as uuidv5 } from "uuid"
import { makeCommandQueue } from "#events/command-queue.ts"
import type { Actor } from "#events/contracts/actor.ts"
import { billingStreams, CreditAccountEvent } from "#events/contracts/billing.ts"
import type { CommandResult } from "#events/handle-command.ts"
import { EventStore } from "#events/store/index.ts"
import { type Recomputed, recomputeBalancesFrom } from "./balance-audit.ts"
import { creditAccount } from "./credit-account-decider.ts"
import { type CreditAccount, CreditAccountState } from "./credit-account-state.ts"
import { type CreditCommand, causeOf } from "./credit-commands.ts"
import {
  AlreadyDebited,
  AlreadyDisputed,
  AlreadyGranted,
  AlreadyRefunded,
  type CreditRefusal,
  DisputeAlreadyClosed,
  PaymentAlreadyRefunded,
} from "./credit-refusals.ts"

export type CreditOutcome = CommandResult<CreditAccountEvent, CreditAccount>

/** Fixed: event ids are derived from it, so changing it would let a replayed cause through. */
const eventIdNamespace = "0d6c1f6e-5a3b-4c1e-9f2a-7b8e3d4c5a61"

/** What a repeated cause is refused with when only the event ids remembered it. */
const repeated = (command: CreditCommand): CreditRefusal => {
  switch (command._tag) {
    case "Debit":
      return new AlreadyDebited({ generationId: command.generationId })
    case "Refund":
      return new AlreadyRefunded({ generationId: command.generationId })
    case "RecordPaymentRefund":
      return new PaymentAlreadyRefunded({ paymentId: command.paymentId })
    case "RecordDispute":
      return new AlreadyDisputed({ disputeId: command.disputeId })
    case "CloseDispute":
      return new DisputeAlreadyClosed({ disputeId: command.disputeId })
    default:
      return new AlreadyGranted({ cause: causeOf(command) })
  }
}

const streamOf = (command: CreditCommand) => billingStreams.creditAccount(command.userId)

const make = Effect.gen(function* () {
  const store = yield* EventStore
  const sql = yield* SqlClient.SqlClient

  /**
   * Commands on one account queue on its stream and are decided together (group commit); the state is
   * snapshotted after every append, so a command reads one row instead of the account's history.
   */
  const queue = yield* makeCommandQueue({
    decider: creditAccount,
    events: CreditAccountEvent,
    streamOf,
    snapshot: { schema: CreditAccountState, shape: 3, every: 1 },
    eventId: (command, i) =>
      uuidv5(`${streamOf(command)}/${causeOf(command)}/${i}`, eventIdNamespace),
    repeated,
  })

  /** Decides one command on its account, in the caller's transaction if there is one. */
  const execute = (
    command: CreditCommand,
    actor: Actor,
  ): Effect.Effect<CreditOutcome, CreditRefusal> =>
    queue
      .execute(command, actor)
      .pipe(Effect.withSpan("CreditAccounts.execute", { attributes: { command: command._tag } }))

  /** The account as its events say now, without locking it. */
  const load = (userId: string) => queue.load(billingStreams.creditAccount(userId))

  const recomputeBalances = recomputeBalancesFrom(store)

  /** Billing knows this user: their account exists, even before any credits move. */
  const open = (userId: string) =>
    sql`insert into billing.credit_accounts (user_id) values (${userId}) on conflict do nothing`.pipe(
      Effect.orDie,
      Effect.asVoid,
    )

  const exists = (userId: string) =>
    Effect.map(
      sql`select 1 from billing.credit_accounts where user_id = ${userId}`.pipe(Effect.orDie),
      (rows) => rows.length > 0,
    )

  const withSubscription = (prefix: string) =>
    Effect.map(
      sql<{ user_id: string }>`
        select a.user_id from billing.credit_accounts a
          left join snapshots n on n.stream_id = ${billingStreams.creditAccount("")} || a.user_id
         where n.stream_id is null
            or n.state -> 'subscription' ->> 'id' like ${`${prefix.replace(/[\\%_]/g, "\\$&")}%`}`,
      (rows) => rows.map((row) => row.user_id),
    ).pipe(Effect.orDie)

  return { execute, load, open, exists, recomputeBalances, withSubscription }
})

/** Users' credit accounts: commands decided on each account's stream, one account at a time. */
export class CreditAccounts extends Context.Tag("@melody/billing/CreditAccounts")<
  CreditAccounts,
  {
    readonly execute: (
      command: CreditCommand,
      actor: Actor,
    ) => Effect.Effect<CreditOutcome, CreditRefusal>
    /** The account as its events say now, without holding it. */
    readonly load: (userId: string) => Effect.Effect<CreditAccount>
    /** Billing knows this user: their account exists, even before any credits move. */
    readonly open: (userId: string) => Effect.Effect<void>
    readonly exists: (userId: string) => Effect.Effect<boolean>
    /** Every account's balance from its events alone, adding up their amounts: for audits. */
    readonly recomputeBalances: Effect.Effect<Recomputed>
    /**
     * Accounts that may hold a subscription whose id starts with `prefix`: those whose snapshot says so and
     * those without one yet. Callers load each before acting on it.
     */
    readonly withSubscription: (prefix: string) => Effect.Effect<ReadonlyArray<string>>
  }
>() {
  static readonly live = Layer.scoped(CreditAccounts, make)
}
