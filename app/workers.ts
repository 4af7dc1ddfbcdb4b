import { Effect, Layer } from "effect"
import { runSubscription } from "#events/store/index.ts"
import { runProjections } from "#projections/runner.ts"
import { sweepRenderFolders } from "#toolkit/render-folders.ts"
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
 * What renders of servers that died on this machine left behind (their folders, and any process that
 * outlived its tether) is removed as this one starts. Their jobs are taken up by the job worker.
 */
export const RenderFoldersSweepLive = Layer.scopedDiscard(
  Effect.forkScoped(
    Effect.gen(function* () {
      const swept = yield* Effect.promise(sweepRenderFolders)
      if (swept.length > 0)
        yield* Effect.logInfo("Removed render folders of dead servers", { swept })
    }),
  ),
)
