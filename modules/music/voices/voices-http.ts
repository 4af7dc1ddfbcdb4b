import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { HeavyWork } from "#toolkit/heavy-work.ts"
import { VoicesApi } from "../api.ts"
import { Voices } from "./voices.ts"

const Api = moduleApi(VoicesApi)

export const VoicesHttpLive = HttpApiBuilder.group(Api, "voices", (handlers) =>
  Effect.gen(function* () {
    const voices = yield* Voices
    const work = yield* HeavyWork
    return handlers
      .handle("list", () => Effect.flatMap(CurrentUser, (user) => voices.list(user)))
      .handle("keep", ({ payload }) =>
        Effect.flatMap(CurrentUser, (user) =>
          Effect.zipRight(work.admit("voice", user), voices.keep(user, payload)),
        ),
      )
      .handle("forget", ({ path }) =>
        Effect.flatMap(CurrentUser, (user) => voices.forget(user, path.voiceId)),
      )
  }),
)
