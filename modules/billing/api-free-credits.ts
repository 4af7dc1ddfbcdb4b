import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "#api/auth.ts"

/** The signed-in person's free daily credits (DAILY_FREE_CREDITS), for the credits page. */
export class FreeCreditsView extends Schema.Class<FreeCreditsView>("FreeCreditsView")({
  /** The day's allowance: 0 when free credits are off. */
  perDay: Schema.Int,
  /** Free credits left, part of the balance and spent before paid ones. */
  free: Schema.Int,
  /** The next UTC midnight; null when free credits are off or the address is not verified yet. */
  nextGrantAt: Schema.NullOr(Schema.Date),
}) {}

/** Reading it is the day's first request when it is: it tops the free credits up first. */
export class FreeCreditsApi extends HttpApiGroup.make("freeCredits").add(
  HttpApiEndpoint.get("freeCredits", "/billing/free-credits")
    .addSuccess(FreeCreditsView)
    .middleware(Authenticated),
) {}
