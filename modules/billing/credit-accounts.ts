import { SqlClient } from "@effect/sql"
import { Context, Data, Effect, Either, Exit, Layer, Option, Schema } from "effect"
import { v5 as uuidv5 } from "uuid"
import type { Actor } from "#events/contracts/actor.ts"
import {
  billingStreams,
  CreditAccountEvent,
  creditAccountEventTypes,
  creditChange,
} from "#events/contracts/billing.ts"
import type { EventMetadata } from "#events/contracts/metadata.ts"
import { fold } from "#events/decider.ts"
import { eventMetadata } from "#events/request-context.ts"
import {
  decodeAll,
  EventStore,
  type NewEvent,
  Position,
  toNewEvent,
  WrongExpectedVersion,
} from "#events/store/index.ts"
import {
  AlreadyDebited,
  AlreadyGranted,
  AlreadyRefunded,
  type CreditAccount,
  CreditAccountState,
  type CreditCommand,
  type CreditRefusal,
  causeOf,
  creditAccount,
  emptyAccount,
} from "./credit-account.ts"
import { makeGroupCommit } from "./group-commit.ts"

export interface CreditOutcome {
  readonly events: ReadonlyArray<CreditAccountEvent>
  readonly state: CreditAccount
  /** Where the last event landed, for read-your-writes; absent when nothing was appended. */
  readonly position: Position | undefined
}

/** Fixed: event ids are derived from it, so changing it would let a replayed cause through. */
const eventIdNamespace = "0d6c1f6e-5a3b-4c1e-9f2a-7b8e3d4c5a61"

const encodeState = Schema.encodeSync(CreditAccountState)
const decodeState = Schema.decodeUnknownSync(CreditAccountState)
const decodeEvents = decodeAll(CreditAccountEvent)
const encodeEvent = toNewEvent(CreditAccountEvent)

/** What a repeated cause is refused with when only the event ids remembered it. */
const repeated = (command: CreditCommand): CreditRefusal => {
  switch (command._tag) {
    case "Debit":
      return new AlreadyDebited({ generationId: command.generationId })
    case "Refund":
      return new AlreadyRefunded({ generationId: command.generationId })
    default:
      return new AlreadyGranted({ cause: causeOf(command) })
  }
}

interface Submitted {
  readonly command: CreditCommand
  readonly metadata: EventMetadata
}

/** A batch repeated a cause stored long ago; its commands are then decided one by one. */
class RepeatedInBatch extends Data.TaggedError("RepeatedInBatch") {}

interface Round {
  /** Per command: its events and the state after them, or its refusal. */
  readonly results: ReadonlyArray<Either.Either<Omit<CreditOutcome, "position">, CreditRefusal>>
  readonly appending: ReadonlyArray<NewEvent>
  readonly state: CreditAccount
  readonly refused: boolean
}

const decideInOrder = (
  streamId: string,
  initial: CreditAccount,
  items: ReadonlyArray<Submitted>,
): Round => {
  let state = initial
  const appending: Array<NewEvent> = []
  const results = items.map(({ command, metadata }) => {
    const decision = creditAccount.decide(command, state)
    if (Either.isLeft(decision)) return Either.left(decision.left)
    const events = decision.right
    const cause = causeOf(command)
    events.forEach((event, i) => {
      appending.push(
        encodeEvent(event, metadata, uuidv5(`${streamId}/${cause}/${i}`, eventIdNamespace)),
      )
    })
    state = fold({ initialState: state, evolve: creditAccount.evolve }, events)
    return Either.right({ events, state })
  })
  return { results, appending, state, refused: results.some(Either.isLeft) }
}

const outcomes = (round: Round, position: Position | undefined) =>
  round.results.map(Either.map((result): CreditOutcome => ({ ...result, position })))

const make = Effect.gen(function* () {
  const store = yield* EventStore
  const sql = yield* SqlClient.SqlClient

  /** The state after every event from `version` on, for a snapshot the stream has moved past. */
  const catchUp = (streamId: string, state: CreditAccount, version: number) =>
    Effect.map(store.readStream(streamId, { fromVersion: version + 1 }), (recorded) => ({
      recorded,
      version: recorded.at(-1)?.streamVersion ?? version,
    })).pipe(
      Effect.flatMap(({ recorded, version }) =>
        Effect.map(decodeEvents(recorded), (history) => ({
          state: fold(
            { initialState: state, evolve: creditAccount.evolve },
            history.map((h) => h.event),
          ),
          version,
        })),
      ),
      // An event of a credit account that no schema reads is a defect, never a refusal.
      Effect.orDie,
    )

  const readSnapshot = (userId: string, lock: boolean) =>
    Effect.map(
      lock
        ? sql<{ version: string; state: unknown }>`
            select version, state from billing.credit_accounts where user_id = ${userId} for update`
        : sql<{ version: string; state: unknown }>`
            select version, state from billing.credit_accounts where user_id = ${userId}`,
      ([row]) =>
        row && {
          version: Number(row.version),
          state: row.state === null ? emptyAccount : decodeState(row.state),
        },
    )

  /**
   * Locks the account's snapshot row (creating it the first time). Locking with FOR UPDATE, not an upsert,
   * matters: a waiting transaction gets its id only once it holds the lock, so appends follow lock order.
   */
  const lockAccount = (userId: string) =>
    Effect.gen(function* () {
      const existing = yield* readSnapshot(userId, true)
      if (existing) return existing
      yield* sql`insert into billing.credit_accounts (user_id) values (${userId}) on conflict do nothing`
      return (yield* readSnapshot(userId, true))!
    })

  /**
   * Decides commands on one account in order, each against the state the previous ones left, and appends
   * all their events at once. Runs inside the caller's transaction when there is one: the account stays
   * locked until that transaction ends, so commands on one account queue instead of conflicting, and a
   * debit commits together with whatever the caller records.
   */
  const decideTogether = (userId: string, items: ReadonlyArray<Submitted>) =>
    store
      .transaction(
        Effect.gen(function* () {
          const streamId = billingStreams.creditAccount(userId)
          let { state, version } = yield* lockAccount(userId)
          for (let attempt = 1; ; attempt++) {
            const round = decideInOrder(streamId, state, items)
            const stale = () =>
              Effect.map(store.streamVersion(streamId), (current) => current !== version)
            // A refusal must not rest on a snapshot its stream has moved past (an append checks that itself).
            if (round.refused && attempt < 3 && (yield* stale())) {
              ;({ state, version } = yield* catchUp(streamId, state, version))
              continue
            }
            if (round.appending.length === 0) return outcomes(round, undefined)
            const appended = yield* Effect.either(
              store.append(streamId, version === 0 ? "no_stream" : version, round.appending),
            )
            if (Either.isLeft(appended)) {
              // Only a snapshot behind its stream gets here (the lock keeps other commands out).
              if (!(appended.left instanceof WrongExpectedVersion) || attempt === 3) {
                return yield* Effect.die(appended.left)
              }
              ;({ state, version } = yield* catchUp(streamId, state, version))
              continue
            }
            if (appended.right.duplicate) {
              // Stored before by the same cause, which the account no longer remembers.
              if (items.length > 1) return yield* Effect.die(new RepeatedInBatch())
              return [Either.left(repeated(items[0]!.command))]
            }
            yield* sql`
              update billing.credit_accounts
                 set version = ${appended.right.version},
                     state = ${JSON.stringify(encodeState(round.state))}::jsonb
               where user_id = ${userId}`
            return outcomes(round, appended.right.position)
          }
        }),
      )
      .pipe(
        Effect.catchTag("SqlError", Effect.die),
        Effect.withSpan("CreditAccounts.decide", {
          attributes: { userId, commands: items.length },
        }),
      )

  /**
   * Commands outside a transaction join their account's group commit: one transaction for every command
   * that arrived while the previous one ran. A batch that fails as a whole is taken apart, so one bad
   * command only fails itself.
   */
  const groupCommit = yield* makeGroupCommit<Submitted, CreditOutcome, CreditRefusal>({
    maxBatch: 200,
    run: (userId, items) =>
      decideTogether(userId, items).pipe(
        Effect.map((results) => results.map(Exit.fromEither)),
        Effect.catchAllCause((cause) =>
          items.length === 1
            ? Effect.succeed([Exit.failCause(cause)])
            : Effect.forEach(items, (item) =>
                Effect.exit(Effect.flatMap(decideTogether(userId, [item]), ([result]) => result!)),
              ),
        ),
      ),
  })

  /** Decides one command on its account, in the caller's transaction if there is one. */
  const execute = (
    command: CreditCommand,
    actor: Actor,
  ): Effect.Effect<CreditOutcome, CreditRefusal> =>
    Effect.gen(function* () {
      const item = { command, metadata: yield* eventMetadata(actor) }
      const inTransaction = Option.isSome(
        yield* Effect.serviceOption(SqlClient.TransactionConnection),
      )
      if (!inTransaction) return yield* groupCommit.submit(command.userId, item)
      const [result] = yield* decideTogether(command.userId, [item])
      return yield* result!
    }).pipe(Effect.withSpan("CreditAccounts.execute", { attributes: { command: command._tag } }))

  /** The account as its events say now, without locking it. */
  const load = (userId: string) =>
    Effect.gen(function* () {
      const snapshot = (yield* readSnapshot(userId, false)) ?? { state: emptyAccount, version: 0 }
      const { state } = yield* catchUp(
        billingStreams.creditAccount(userId),
        snapshot.state,
        snapshot.version,
      )
      return state
    }).pipe(Effect.orDie)

  /**
   * Every account's balance from its events alone, adding up their amounts (not trusting the balance each
   * records), with every event whose recorded balance disagrees with that sum: for audits.
   */
  const recomputeBalances = Effect.gen(function* () {
    const balances = new Map<string, number>()
    const breaks: Array<{ userId: string; eventId: string; recorded: number; computed: number }> =
      []
    const types = creditAccountEventTypes
    let after: Position = Position.start
    while (true) {
      const batch = yield* store.readAll(after, { limit: 1000, types })
      if (batch.length === 0) break
      after = batch[batch.length - 1]!
      const history = yield* decodeEvents(batch.filter((e) => types.includes(e.type)))
      for (const { event, eventId } of history) {
        const change = creditChange(event)
        if (change === undefined) continue
        const balance = (balances.get(event.userId) ?? 0) + change
        balances.set(event.userId, balance)
        if ("balanceAfter" in event && event.balanceAfter !== balance) {
          breaks.push({
            userId: event.userId,
            eventId,
            recorded: event.balanceAfter,
            computed: balance,
          })
        }
      }
    }
    return { balances, breaks }
  }).pipe(Effect.orDie)

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

  return { execute, load, open, exists, recomputeBalances }
})

/** Users' credit accounts: commands decided on each account's stream, one account at a time. */
export class CreditAccounts extends Context.Tag("@melody/billing/CreditAccounts")<
  CreditAccounts,
  Effect.Effect.Success<typeof make>
>() {
  static readonly live = Layer.scoped(CreditAccounts, make)
}
