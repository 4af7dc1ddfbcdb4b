import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { CommunityApi } from "./api.ts"
import { Blocks } from "./blocks.ts"
import { Follows } from "./follows.ts"
import { Profiles } from "./profiles.ts"

export const CommunityHttpLive = HttpApiBuilder.group(
  moduleApi(CommunityApi),
  "community",
  (handlers) =>
    Effect.gen(function* () {
      const follows = yield* Follows
      const profiles = yield* Profiles
      const blocks = yield* Blocks
      return handlers
        .handle("follow", ({ path }) =>
          Effect.flatMap(CurrentUser, (user) => follows.follow(user, path.username)),
        )
        .handle("unfollow", ({ path }) =>
          Effect.flatMap(CurrentUser, (user) => follows.unfollow(user, path.username)),
        )
        .handle("block", ({ path }) =>
          Effect.flatMap(CurrentUser, (user) => blocks.block(user, path.username)),
        )
        .handle("unblock", ({ path }) =>
          Effect.flatMap(CurrentUser, (user) => blocks.unblock(user, path.username)),
        )
        .handle("editProfile", ({ payload }) =>
          Effect.flatMap(CurrentUser, (user) => profiles.edit(user, payload)),
        )
    }),
)
