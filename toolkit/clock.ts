import { Clock, Duration, Effect } from "effect"

/** Now, from Effect's Clock: a test's TestClock moves it, so expiry, renewals and timeouts can be tested. */
export const now = Effect.map(Clock.currentTimeMillis, (millis) => new Date(millis))

/** The moment `duration` after now, from Effect's Clock. */
export const fromNow = (duration: Duration.DurationInput) =>
  Effect.map(Clock.currentTimeMillis, (millis) => new Date(millis + Duration.toMillis(duration)))
