import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
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
