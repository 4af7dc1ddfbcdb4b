import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { HeavyWork } from "#toolkit/heavy-work.ts"
import { StemsApi } from "../api.ts"
import { Stems } from "./stems.ts"

const Api = moduleApi(StemsApi)

export const StemsHttpLive = HttpApiBuilder.group(Api, "stems", (handlers) =>
  Effect.gen(function* () {
    const stems = yield* Stems
    const work = yield* HeavyWork
    return handlers
      .handle("status", ({ path }) =>
        Effect.flatMap(CurrentUser, (user) => stems.status(user, path.id)),
      )
      .handle("make", ({ path }) =>
        Effect.flatMap(CurrentUser, (user) =>
          Effect.zipRight(work.admit("stems", user), stems.request(user, path.id)),
        ),
      )
      .handle("zip", ({ path, request }) =>
        Effect.flatMap(CurrentUser, (user) => stems.zip(user, path.id, request.headers.range)),
      )
  }),
)
