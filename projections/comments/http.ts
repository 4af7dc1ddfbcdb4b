import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentViewer } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { CommentReadsApi } from "./api.ts"
import { CommentReads } from "./reads.ts"

export const CommentReadsHttpLive = HttpApiBuilder.group(
  moduleApi(CommentReadsApi),
  "commentReads",
  (handlers) =>
    Effect.gen(function* () {
      const reads = yield* CommentReads
      return handlers
        .handle("songComments", ({ path, urlParams }) =>
          Effect.flatMap(CurrentViewer, (viewer) =>
            reads.songComments(path.id, viewer?.userId, urlParams),
          ),
        )
        .handle("repliesPage", ({ path, urlParams }) =>
          Effect.flatMap(CurrentViewer, (viewer) =>
            reads.repliesPage(path.id, path.commentId, viewer?.userId, urlParams),
          ),
        )
    }),
)
