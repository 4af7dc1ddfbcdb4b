import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { AvatarsApi } from "./api-avatars.ts"
import { Avatars } from "./avatars.ts"

export const AvatarsHttpLive = HttpApiBuilder.group(moduleApi(AvatarsApi), "avatars", (handlers) =>
  Effect.gen(function* () {
    const avatars = yield* Avatars
    return handlers
      .handle("setAvatar", ({ payload }) =>
        Effect.flatMap(CurrentUser, (user) => avatars.set(user, payload.avatar.path)),
      )
      .handle("removeAvatar", () => Effect.flatMap(CurrentUser, avatars.remove))
      .handleRaw("avatar", ({ path, request }) => avatars.serve(path.file, request.headers.range))
  }),
)
