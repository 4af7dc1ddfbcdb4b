import { Schema } from "effect"

/**
 * What its author reads of something an admin hid: why, and where their one appeal stands ("decided"
 * means it was refused, with the deciding admin's `answer`). Nobody else is shown a hidden thing at all.
 */
export class HiddenNote extends Schema.Class<HiddenNote>("HiddenNote")({
  reason: Schema.String,
  appeal: Schema.Literal("none", "open", "decided"),
  answer: Schema.NullOr(Schema.String),
}) {}
