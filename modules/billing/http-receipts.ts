import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { ReceiptsApi } from "./api-receipts.ts"
import { makeBillingPortal } from "./billing-portal.ts"
import { makeReceiptReads } from "./receipt-reads.ts"

export const ReceiptsHttpLive = HttpApiBuilder.group(
  moduleApi(ReceiptsApi),
  "receipts",
  (handlers) =>
    Effect.gen(function* () {
      const reads = yield* makeReceiptReads
      const portal = yield* makeBillingPortal
      return handlers
        .handle("receipts", () => Effect.flatMap(CurrentUser, (user) => reads.list(user.userId)))
        .handle("receipt", ({ path }) =>
          Effect.flatMap(CurrentUser, (user) => reads.one(user.userId, path.paymentId)),
        )
        .handle("billingPortal", () =>
          Effect.flatMap(CurrentUser, (user) => portal.open(user.userId)),
        )
    }),
)
