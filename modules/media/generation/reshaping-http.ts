import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { moduleApi } from "#events/contracts/api-id.ts"
import { CurrentUser } from "#events/contracts/auth.ts"
import { ReshapingApi } from "../api.ts"
import { SongReshaping } from "./song-reshaping.ts"

const Api = moduleApi(ReshapingApi)

export const ReshapingHttpLive = HttpApiBuilder.group(Api, "reshaping", (handlers) =>
  Effect.map(SongReshaping, (reshaping) =>
    handlers
      .handle("operations", () => reshaping.operations)
      .handle("sections", ({ path }) =>
        Effect.flatMap(CurrentUser, (user) => reshaping.sections(user, path.songId)),
      )
      .handle("extend", ({ path, payload }) =>
        Effect.flatMap(CurrentUser, (user) => reshaping.extend(user, path.songId, payload)),
      )
      .handle("replaceSection", ({ path, payload }) =>
        Effect.flatMap(CurrentUser, (user) => reshaping.replaceSection(user, path.songId, payload)),
      )
      .handle("restyle", ({ path, payload }) =>
        Effect.flatMap(CurrentUser, (user) => reshaping.restyle(user, path.songId, payload)),
      ),
  ),
)
