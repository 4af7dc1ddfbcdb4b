import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { moduleApi } from "#events/contracts/api-id.ts"
import { CurrentUser } from "#events/contracts/auth.ts"
import { CreditLedgerApi } from "./api.ts"
import { CreditLedgerReads } from "./reads.ts"

export const CreditLedgerHttpLive = HttpApiBuilder.group(
  moduleApi(CreditLedgerApi),
  "creditLedger",
  (handlers) =>
    Effect.gen(function* () {
      const reads = yield* CreditLedgerReads
      return handlers
        .handle("credits", () => Effect.flatMap(CurrentUser, (user) => reads.credits(user.userId)))
        .handle("usage", () => Effect.flatMap(CurrentUser, (user) => reads.usage(user.userId)))
        .handle("transactions", () =>
          Effect.flatMap(CurrentUser, (user) => reads.transactions(user.userId)),
        )
    }),
)
