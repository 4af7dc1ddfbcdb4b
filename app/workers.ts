import { Effect, Layer } from "effect"
import { runProjections } from "#projections/runner.ts"
import { projections } from "./projections.ts"

/** This replica's share of the projections (each runs on one replica at a time). */
export const ProjectionsLive = Layer.scopedDiscard(Effect.forkScoped(runProjections(projections)))
