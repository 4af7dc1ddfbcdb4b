import { Effect, Layer } from "effect"
import { CreditAccounts, CreditLedger } from "#modules/billing/index.ts"
import { GenerationCredits, NotEnoughCredits } from "#modules/media/index.ts"

/** Media's credits, from billing's credit accounts: the debit joins media's transaction. */
export const GenerationCreditsLive = Layer.effect(
  GenerationCredits,
  Effect.map(Effect.all([CreditAccounts, CreditLedger]), ([accounts, ledger]) =>
    GenerationCredits.of({
      debit: ({ userId, generationId, amount, actor }) =>
        accounts.execute({ _tag: "Debit", userId, generationId, amount }, actor).pipe(
          Effect.map((outcome) => outcome.position),
          Effect.catchAll((refusal) =>
            refusal._tag === "InsufficientCredits"
              ? Effect.fail(
                  new NotEnoughCredits({ balance: refusal.balance, needed: refusal.needed }),
                )
              : Effect.die(refusal),
          ),
        ),
      shown: ledger.caughtUp,
      refunded: (userId, generationId) =>
        Effect.map(accounts.load(userId), (account) => account.refunds.includes(generationId)),
    }),
  ),
)
