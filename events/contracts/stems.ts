import { Schema } from "effect"
import { MusicMakerName } from "./media.ts"

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
  /** Who takes the song apart: the engine plays it again part by part, the music API separates it. */
  maker: Schema.optionalWith(MusicMakerName, { default: () => "engine" }),
  credits: Schema.optionalWith(Schema.Int, { default: () => 0 }),
  /** What the debit for these credits is keyed by in the ledger; null when they were free. */
  chargeId: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
}) {}

/** The music API's separation task, so that looking at it resumes after a restart. */
export class StemsSubmitted extends Schema.TaggedClass<StemsSubmitted>()("StemsSubmitted", {
  versionId: Schema.String,
  /** The maker's own id for the task; stored under its first name, `taskId`. */
  makerTaskId: Schema.propertySignature(Schema.String).pipe(Schema.fromKey("taskId")),
}) {}

export class StemsMade extends Schema.TaggedClass<StemsMade>()("StemsMade", {
  versionId: Schema.String,
  /** The zip of the stems in our storage. */
  key: Schema.String,
  sizeBytes: Schema.Int,
}) {}

/** Stems that could not be made; paid ones are refunded by billing, once, keyed by `chargeId`. */
export class StemsFailed extends Schema.TaggedClass<StemsFailed>()("StemsFailed", {
  versionId: Schema.String,
  reason: Schema.String,
  userId: Schema.optionalWith(Schema.String, { default: () => "" }),
  chargeId: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
}) {}

export const StemsEvent = Schema.Union(StemsRequested, StemsSubmitted, StemsMade, StemsFailed)
export type StemsEvent = typeof StemsEvent.Type
