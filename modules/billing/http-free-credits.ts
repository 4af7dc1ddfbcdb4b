import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
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
