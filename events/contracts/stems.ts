import { Schema } from "effect"

/**
 * A version's stems: asked for, then made (kept as one zip in our storage) or failed, on the version's
 * `stems-<versionId>` stream, so one version is played apart once at a time.
 */
export const stemsStream = (versionId: string) => `stems-${versionId}`

export class StemsRequested extends Schema.TaggedClass<StemsRequested>()("StemsRequested", {
  versionId: Schema.String,
  /** The song saved from the version, whose owner asked. */
  songId: Schema.String,
  userId: Schema.String,
  requestedAt: Schema.DateFromString,
}) {}

export class StemsMade extends Schema.TaggedClass<StemsMade>()("StemsMade", {
  versionId: Schema.String,
  /** The zip of the stems in our storage. */
  key: Schema.String,
  sizeBytes: Schema.Int,
}) {}

export class StemsFailed extends Schema.TaggedClass<StemsFailed>()("StemsFailed", {
  versionId: Schema.String,
  reason: Schema.String,
}) {}

export const StemsEvent = Schema.Union(StemsRequested, StemsMade, StemsFailed)
export type StemsEvent = typeof StemsEvent.Type
