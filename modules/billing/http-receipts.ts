import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { moduleApi } from "#events/contracts/api-id.ts"
import { CurrentUser } from "#events/contracts/auth.ts"
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
