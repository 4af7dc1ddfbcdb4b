import { Clock, Effect, Layer, Ref } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { ErrorReports } from "../error-reports.ts"
import { Moderation } from "./moderation.ts"

/** How long checks go to the fallback alone once the endpoint failed, before it is asked again. */
const restAfterFailure = 30_000

/**
 * The endpoint, and the offline word list when it fails: nothing is published unchecked, and no creator
 * waits on an outage. A failure is reported to the admins' error stream (within its share of the
 * stream), and for the next half-minute checks skip the endpoint rather than wait for it again.
 */
export const moderationWithFallback = (
  primary: Layer.Layer<Moderation>,
  fallback: Layer.Layer<Moderation>,
) =>
  Layer.effect(
    Moderation,
    Effect.gen(function* () {
      const endpoint = yield* Effect.provide(Moderation, primary)
      const offline = yield* Effect.provide(Moderation, fallback)
      const reports = yield* ErrorReports
      const restingUntil = yield* Ref.make(0)

      const failedOver = (detail: string) =>
        Effect.gen(function* () {
          yield* Ref.set(restingUntil, (yield* Clock.currentTimeMillis) + restAfterFailure)
          yield* Effect.logWarning("Content checks: the moderation endpoint failed", detail)
          yield* reports.recordFromCaller(
            {
              source: "provider",
              actor: Actors.system("content-checks"),
              message: `Moderation endpoint unavailable; texts checked with the ${offline.name} for now: ${detail}`,
              context: { moderation: endpoint.name, fallback: offline.name },
            },
            "content-checks",
          )
        })

      return Moderation.of({
        name: endpoint.name,
        classify: (texts) =>
          Effect.gen(function* () {
            if ((yield* Clock.currentTimeMillis) < (yield* Ref.get(restingUntil)))
              return yield* offline.classify(texts)
            return yield* endpoint
              .classify(texts)
              .pipe(
                Effect.catchTag("ModerationUnavailable", (failure) =>
                  Effect.zipRight(failedOver(failure.detail), offline.classify(texts)),
                ),
              )
          }),
      })
    }),
  )
