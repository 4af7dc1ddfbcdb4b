import { Effect, Layer } from "effect"
import { runProjections } from "#projections/runner.ts"
import { projections } from "./projections.ts"

/** Background work of this replica: every projection (each runs on one replica at a time). */
export const WorkersLive = Layer.scopedDiscard(Effect.forkScoped(runProjections(projections)))
