import { Effect, Layer } from "effect"
import { CreditAccounts, CreditLedger, DailyGrants } from "#modules/billing/index.ts"
import { GenerationCredits } from "#modules/media/index.ts"

/** Media's credits, from billing's credit accounts: the debit joins media's transaction. */
export const GenerationCreditsLive = Layer.effect(
  GenerationCredits,
  Effect.map(
    Effect.all([CreditAccounts, CreditLedger, DailyGrants]),
    ([accounts, ledger, grants]) =>
      GenerationCredits.of({
        topUp: grants.topUp,
        debit: ({ actor, ...debit }) =>
          accounts.execute({ _tag: "Debit", ...debit }, actor).pipe(
            Effect.map((outcome) => outcome.appended?.position),
            Effect.catchAll((refusal) =>
              refusal._tag === "InsufficientCredits" ? Effect.fail(refusal) : Effect.die(refusal),
            ),
          ),
        shown: ledger.caughtUp,
        refunded: (userId, generationId) =>
          Effect.map(accounts.load(userId), (account) => account.refunds.includes(generationId)),
      }),
  ),
)
