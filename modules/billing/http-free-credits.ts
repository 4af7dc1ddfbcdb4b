import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { moduleApi } from "#events/contracts/api-id.ts"
import { CurrentUser } from "#events/contracts/auth.ts"
import { FreeCreditsApi } from "./api-free-credits.ts"
import { DailyGrants } from "./daily-grants.ts"

export const FreeCreditsHttpLive = HttpApiBuilder.group(
  moduleApi(FreeCreditsApi),
  "freeCredits",
  (handlers) =>
    Effect.map(DailyGrants, (grants) =>
      handlers.handle("freeCredits", () => Effect.flatMap(CurrentUser, grants.view)),
    ),
)
