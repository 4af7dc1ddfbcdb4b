import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { DecisionsApi } from "./api-decisions.ts"
import { Decisions } from "./decisions.ts"
import { Suspensions } from "./suspensions.ts"

export const DecisionsHttpLive = HttpApiBuilder.group(
  moduleApi(DecisionsApi),
  "decisions",
  (handlers) =>
    Effect.gen(function* () {
      const decisions = yield* Decisions
      const suspensions = yield* Suspensions
      return handlers
        .handle("decide", ({ payload }) =>
          Effect.flatMap(CurrentUser, (admin) => decisions.decide(admin, payload)),
        )
        .handle("appeal", ({ payload }) =>
          Effect.flatMap(CurrentUser, (author) => decisions.appeal(author, payload)),
        )
        .handle("decideAppeal", ({ payload }) =>
          Effect.flatMap(CurrentUser, (admin) => decisions.decideAppeal(admin, payload)),
        )
        .handle("suspend", ({ payload }) =>
          Effect.flatMap(CurrentUser, (admin) => suspensions.suspendByName(admin, payload)),
        )
        .handle("lift", ({ payload }) =>
          Effect.flatMap(CurrentUser, (admin) => suspensions.lift(admin, payload)),
        )
    }),
)
