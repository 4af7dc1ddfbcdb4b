import { Effect, Layer, Schedule } from "effect"
import { runSubscription } from "#events/store/index.ts"
import { Generations, sweepRenderFolders, Videos } from "#modules/media/index.ts"
import { runProjections } from "#projections/runner.ts"
import { projections } from "./projections.ts"
import { reactions } from "./reactions.ts"

/** This replica's share of the projections (each runs on one replica at a time). */
export const ProjectionsLive = Layer.scopedDiscard(Effect.forkScoped(runProjections(projections)))

/** Modules' reactions to each other's events, like projections one replica at a time. */
export const ReactionsLive = Layer.scopedDiscard(
  Effect.forkScoped(
    Effect.forEach(reactions, (reaction) => runSubscription(reaction), {
      concurrency: "unbounded",
      discard: true,
    }),
  ),
)

/**
 * Generations and video exports whose worker vanished (a crash, `kill -9`) are taken up again; every
 * replica looks, and the first to claim one schedules it.
 */
export const MediaRecoveryLive = Layer.scopedDiscard(
  Effect.forkScoped(
    Effect.gen(function* () {
      const generations = yield* Generations
      const videos = yield* Videos
      // What renders of a server that died here left behind, before this one renders anything.
      const swept = yield* Effect.promise(sweepRenderFolders)
      if (swept.length > 0)
        yield* Effect.logInfo("Removed render folders of dead servers", { swept })
      yield* Effect.all([generations.resumeStalled, videos.resumeStalled]).pipe(
        Effect.repeat(Schedule.spaced(generations.recoveryInterval)),
      )
    }),
  ),
)
