import { expect } from "@effect/vitest"
import { Effect, Either } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { billingStreams } from "#events/contracts/billing.ts"
import { EventStore } from "#events/store/index.ts"
import { describeWithDatabase, query } from "#events/testing.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import { billingMigrations } from "./migrations.ts"

const system = Actors.system("test")

const fund = (userId: string, credits: number) =>
  Effect.flatMap(CreditAccounts, (accounts) =>
    accounts.execute(
      {
        _tag: "Adjust",
        userId,
        adjustmentId: `fund-${userId}`,
        amount: credits,
        reason: "test funds",
      },
      system,
    ),
  )

describeWithDatabase({ migrations: [["billing", billingMigrations]] })("credit accounts", (it) => {
  it.layer(CreditAccounts.live)((it) => {
    it.effect("100 concurrent debits of 5 against 50 credits: exactly 10 succeed", () =>
      Effect.gen(function* () {
        const accounts = yield* CreditAccounts
        const userId = crypto.randomUUID()
        yield* fund(userId, 50)
        const outcomes = yield* Effect.all(
          Array.from({ length: 100 }, (_, i) =>
            Effect.either(
              accounts.execute(
                { _tag: "Debit", userId, generationId: `gen-${i}`, amount: 5 },
                Actors.user(userId),
              ),
            ),
          ),
          { concurrency: "unbounded" },
        )
        const succeeded = outcomes.filter(Either.isRight)
        const refusals = outcomes.filter(Either.isLeft).map((o) => o.left._tag)
        expect(succeeded).toHaveLength(10)
        expect(new Set(refusals)).toEqual(new Set(["InsufficientCredits"]))
        expect((yield* accounts.load(userId)).balance).toBe(0)
        const balances = succeeded.map((o) => o.right.state.balance).sort((a, b) => a - b)
        expect(balances).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45])
      }),
    )

    it.effect("the same inside 100 callers' own transactions: exactly 10 succeed", () =>
      Effect.gen(function* () {
        const accounts = yield* CreditAccounts
        const store = yield* EventStore
        const userId = crypto.randomUUID()
        yield* fund(userId, 50)
        const outcomes = yield* Effect.all(
          Array.from({ length: 100 }, (_, i) =>
            Effect.either(
              store.transaction(
                accounts.execute(
                  { _tag: "Debit", userId, generationId: `gen-${i}`, amount: 5 },
                  Actors.user(userId),
                ),
              ),
            ),
          ),
          { concurrency: "unbounded" },
        )
        expect(outcomes.filter(Either.isRight)).toHaveLength(10)
        expect((yield* accounts.load(userId)).balance).toBe(0)
        const [row] = yield* query<{ n: number }>(
          "select count(*)::int as n from events where stream_id = $1 and type = 'CreditsDebited'",
          [billingStreams.creditAccount(userId)],
        )
        expect(row?.n).toBe(10)
      }),
    )

    it.effect("a batch holding a forgotten repeat is taken apart: only the repeat is refused", () =>
      Effect.gen(function* () {
        const accounts = yield* CreditAccounts
        const userId = crypto.randomUUID()
        yield* fund(userId, 100)
        yield* accounts.execute({ _tag: "Debit", userId, generationId: "old", amount: 5 }, system)
        yield* query(
          `update snapshots set state = jsonb_set(state, '{debits}', '[]') where stream_id = $1`,
          [billingStreams.creditAccount(userId)],
        )
        const outcomes = yield* Effect.all(
          ["new-1", "old", "new-2", "new-3"].map((generationId) =>
            Effect.either(
              accounts.execute({ _tag: "Debit", userId, generationId, amount: 5 }, system),
            ),
          ),
          { concurrency: "unbounded" },
        )
        expect(outcomes.map((o) => (Either.isRight(o) ? "ok" : o.left._tag))).toEqual([
          "ok",
          "AlreadyDebited",
          "ok",
          "ok",
        ])
        expect((yield* accounts.load(userId)).balance).toBe(80)
      }),
    )

    it.effect("a repeated debit is refused even when the account no longer remembers it", () =>
      Effect.gen(function* () {
        const accounts = yield* CreditAccounts
        const userId = crypto.randomUUID()
        yield* fund(userId, 50)
        const debit = { _tag: "Debit", userId, generationId: "gen-1", amount: 5 } as const
        yield* accounts.execute(debit, system)
        // Forget the debit in the snapshot, as if it had left the account's memory window.
        yield* query(
          `update snapshots set state = jsonb_set(state, '{debits}', '[]') where stream_id = $1`,
          [billingStreams.creditAccount(userId)],
        )
        const again = yield* Effect.either(accounts.execute(debit, system))
        expect(Either.isLeft(again) && again.left._tag).toBe("AlreadyDebited")
        expect((yield* accounts.load(userId)).balance).toBe(45)
      }),
    )

    it.effect("a snapshot behind its stream catches up before deciding", () =>
      Effect.gen(function* () {
        const accounts = yield* CreditAccounts
        const store = yield* EventStore
        const userId = crypto.randomUUID()
        const streamId = billingStreams.creditAccount(userId)
        yield* fund(userId, 50)
        const [funded] = yield* query<{ state: unknown }>(
          "select state from snapshots where stream_id = $1",
          [streamId],
        )
        yield* accounts.execute({ _tag: "Debit", userId, generationId: "g1", amount: 5 }, system)
        // Put back the snapshot taken at version 1: the stream has moved past it.
        yield* query("update snapshots set version = 1, state = $2 where stream_id = $1", [
          streamId,
          JSON.stringify(funded?.state),
        ])
        const outcome = yield* accounts.execute(
          { _tag: "Debit", userId, generationId: "g2", amount: 5 },
          system,
        )
        expect(outcome.state.balance).toBe(40)
        expect(yield* store.streamVersion(billingStreams.creditAccount(userId))).toBe(3)
        const refused = yield* Effect.either(
          accounts.execute({ _tag: "Debit", userId, generationId: "g1", amount: 5 }, system),
        )
        expect(Either.isLeft(refused) && refused.left._tag).toBe("AlreadyDebited")
      }),
    )

    it.effect(
      "a refusal inside the caller's transaction leaves it usable; a failure rolls back the debit",
      () =>
        Effect.gen(function* () {
          const accounts = yield* CreditAccounts
          const store = yield* EventStore
          const userId = crypto.randomUUID()
          yield* fund(userId, 5)
          const failed = yield* Effect.either(
            store.transaction(
              Effect.zipRight(
                accounts.execute({ _tag: "Debit", userId, generationId: "g1", amount: 5 }, system),
                Effect.fail("the caller's own write failed" as const),
              ),
            ),
          )
          expect(Either.isLeft(failed)).toBe(true)
          expect((yield* accounts.load(userId)).balance).toBe(5)
          const committed = yield* store.transaction(
            accounts.execute({ _tag: "Debit", userId, generationId: "g1", amount: 5 }, system),
          )
          expect(committed.state.balance).toBe(0)
          expect((yield* accounts.load(userId)).balance).toBe(0)
        }),
    )

    it.effect("recomputing from events alone agrees with the accounts", () =>
      Effect.gen(function* () {
        const accounts = yield* CreditAccounts
        const userId = crypto.randomUUID()
        yield* fund(userId, 30)
        yield* accounts.execute({ _tag: "Debit", userId, generationId: "g1", amount: 5 }, system)
        yield* accounts.execute({ _tag: "Refund", userId, generationId: "g1" }, system)
        yield* accounts.execute({ _tag: "Debit", userId, generationId: "g2", amount: 5 }, system)
        const { balances, breaks } = yield* accounts.recomputeBalances
        expect(balances.get(userId)).toBe(25)
        expect(breaks).toEqual([])
      }),
    )
  })
})
