import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated, EmailNotVerified } from "#api/auth.ts"
import { trimmedText } from "#api/messages.ts"
import { NotFound, TooManyRequests } from "#api/refusals.ts"
import { SingerSettings } from "#events/contracts/voices.ts"

// Voices people keep from their songs, to sing later ones ("personas").

export const KeepVoicePayload = Schema.Struct({
  songId: trimmedText("songId", 64, { required: true }),
  name: trimmedText("Name", 40, { required: true }),
  description: Schema.optionalWith(trimmedText("Description", 300, { required: false }), {
    default: () => "",
    exact: true,
  }),
}).annotations({ parseOptions: { errors: "all" } })
export type KeepVoicePayload = typeof KeepVoicePayload.Type

export class VoiceView extends Schema.Class<VoiceView>("VoiceView")({
  id: Schema.String,
  name: Schema.String,
  description: Schema.String,
  /** The style of the song it was kept from. */
  style: Schema.String,
  /** The song it was kept from: null once that song is deleted, whose title is then nobody's to read. */
  songId: Schema.NullOr(Schema.String),
  songTitle: Schema.NullOr(Schema.String),
  singer: SingerSettings,
  keptAt: Schema.Date,
}) {}

/** The voice cannot be kept as asked: a name already used, too many voices. */
export class InvalidVoice extends Schema.TaggedError<InvalidVoice>()(
  "InvalidVoice",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

/** There is no voice to keep in this song (an instrumental), or the maker cannot keep one. */
export class VoiceUnavailable extends Schema.TaggedError<VoiceUnavailable>()(
  "VoiceUnavailable",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 422 }),
) {}

const VoicePath = Schema.Struct({ voiceId: Schema.String.pipe(Schema.maxLength(64)) })

export class VoicesApi extends HttpApiGroup.make("voices")
  .add(
    HttpApiEndpoint.get("list", "/voices")
      .addSuccess(Schema.Array(VoiceView))
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("keep", "/voices")
      .setPayload(KeepVoicePayload)
      .addSuccess(VoiceView, { status: 201 })
      .addError(NotFound)
      .addError(InvalidVoice)
      .addError(VoiceUnavailable)
      .addError(EmailNotVerified)
      .addError(TooManyRequests)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.del("forget", "/voices/:voiceId")
      .setPath(VoicePath)
      .addSuccess(HttpApiSchema.NoContent)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .annotate(
    OpenApi.Description,
    "Voices kept from one's songs, private to their owner, to sing later songs with the same singer.",
  ) {}
