import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { CommentsApi } from "./api.ts"
import { Comments } from "./comments.ts"

export const CommentsHttpLive = HttpApiBuilder.group(
  moduleApi(CommentsApi),
  "comments",
  (handlers) =>
    Effect.gen(function* () {
      const comments = yield* Comments
      return handlers
        .handle("post", ({ path, payload }) =>
          Effect.flatMap(CurrentUser, (user) => comments.post(user, path.id, payload)),
        )
        .handle("edit", ({ path, payload }) =>
          Effect.flatMap(CurrentUser, (user) => comments.edit(user, path.commentId, payload.text)),
        )
        .handle("delete", ({ path }) =>
          Effect.flatMap(CurrentUser, (user) => comments.delete(user, path.commentId)),
        )
        .handle("setOpen", ({ path, payload }) =>
          Effect.flatMap(CurrentUser, (user) => comments.setOpen(user, path.id, payload.open)),
        )
    }),
)
