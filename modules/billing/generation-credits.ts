import { Effect, Layer } from "effect"
import { GenerationCredits } from "#toolkit/generation-credits.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import { CreditLedger } from "./credit-ledger.ts"
import { DailyGrants } from "./daily-grants.ts"

/** Credits spent on generations, from the credit accounts: the debit joins the caller's transaction. */
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
