import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { HeavyWork } from "#toolkit/heavy-work.ts"
import { OperationsApi } from "../api.ts"
import { Operations } from "./song-operations.ts"

const Api = moduleApi(OperationsApi)

export const OperationsHttpLive = HttpApiBuilder.group(Api, "operations", (handlers) =>
  Effect.gen(function* () {
    const operations = yield* Operations
    const work = yield* HeavyWork
    // An operation makes songs as a generation does, and counts towards the same limits.
    const admitted = Effect.tap(CurrentUser, (user) => work.admit("generation", user))
    return handlers
      .handle("list", () => operations.list)
      .handle("sections", ({ path }) =>
        Effect.flatMap(CurrentUser, (user) => operations.sections(user, path.songId)),
      )
      .handle("extend", ({ path, payload }) =>
        Effect.flatMap(admitted, (user) => operations.extend(user, path.songId, payload)),
      )
      .handle("replaceSection", ({ path, payload }) =>
        Effect.flatMap(admitted, (user) => operations.replaceSection(user, path.songId, payload)),
      )
      .handle("restyle", ({ path, payload }) =>
        Effect.flatMap(admitted, (user) => operations.restyle(user, path.songId, payload)),
      )
  }),
)
