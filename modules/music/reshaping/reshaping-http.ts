import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { HeavyWork } from "#toolkit/heavy-work.ts"
import { ReshapingApi } from "../api.ts"
import { SongReshaping } from "./song-reshaping.ts"

const Api = moduleApi(ReshapingApi)

export const ReshapingHttpLive = HttpApiBuilder.group(Api, "reshaping", (handlers) =>
  Effect.gen(function* () {
    const reshaping = yield* SongReshaping
    const work = yield* HeavyWork
    // An operation makes songs as a generation does, and counts towards the same limits.
    const admitted = Effect.tap(CurrentUser, (user) => work.admit("generation", user))
    return handlers
      .handle("operations", () => reshaping.operations)
      .handle("sections", ({ path }) =>
        Effect.flatMap(CurrentUser, (user) => reshaping.sections(user, path.songId)),
      )
      .handle("extend", ({ path, payload }) =>
        Effect.flatMap(admitted, (user) => reshaping.extend(user, path.songId, payload)),
      )
      .handle("replaceSection", ({ path, payload }) =>
        Effect.flatMap(admitted, (user) => reshaping.replaceSection(user, path.songId, payload)),
      )
      .handle("restyle", ({ path, payload }) =>
        Effect.flatMap(admitted, (user) => reshaping.restyle(user, path.songId, payload)),
      )
  }),
)
