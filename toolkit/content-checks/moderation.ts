import { Context, Data, type Effect } from "effect"

/**
 * What a classifier says of one text: whether it is flagged, and the categories it is flagged for, named
 * as OpenAI's moderation names them (`hate`, `harassment/threatening`, `sexual/minors`...).
 */
export interface ModerationVerdict {
  readonly flagged: boolean
  readonly categories: ReadonlyArray<string>
}

/** The classifier could not answer: out of reach, too slow, or refusing our key. */
export class ModerationUnavailable extends Data.TaggedError("ModerationUnavailable")<{
  readonly detail: string
}> {}

/**
 * Classifies texts before they are published: OpenAI's moderation endpoint when configured, the offline
 * word list (stand-ins/content-checks) otherwise. One verdict per text, in order.
 */
export class Moderation extends Context.Tag("@melody/Moderation")<
  Moderation,
  {
    readonly name: string
    readonly classify: (
      texts: ReadonlyArray<string>,
    ) => Effect.Effect<ReadonlyArray<ModerationVerdict>, ModerationUnavailable>
  }
>() {}
