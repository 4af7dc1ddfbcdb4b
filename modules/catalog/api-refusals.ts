import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

// The catalog's refusals, each with its HTTP status.

export class SongIsPrivate extends Schema.TaggedError<SongIsPrivate>()(
  "SongIsPrivate",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 409 }),
) {}

/** Songs are saved from audio the server made and stored for this person, never from any other link. */
export class UnknownAudio extends Schema.TaggedError<UnknownAudio>()(
  "UnknownAudio",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

export class AudioUnavailable extends Schema.TaggedError<AudioUnavailable>()(
  "AudioUnavailable",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 503 }),
) {}
