import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated, EmailNotVerified } from "#api/auth.ts"
import { DownloadParams } from "#api/download-params.ts"
import { trimmedText, withMessage } from "#api/messages.ts"
import { ContentRefused, NotFound, TooManyRequests } from "#api/refusals.ts"
import { InsufficientCredits } from "#modules/billing/api-credit-refusals.ts"

// Generating a song (spec: generate-song, check-song-status, the generated song version).

const field = (name: string, max: number) =>
  Schema.optionalWith(trimmedText(name, max, { required: false }), {
    default: () => "",
    exact: true,
  })

/** A kept voice to sing the song (unsaid: the style's own singer). */
export const voiceId = Schema.optionalWith(trimmedText("voiceId", 64, { required: false }), {
  exact: true,
})

/**
 * Title, lyrics and style, trimmed; missing ones are named by `MissingInformation`, not here. An
 * instrumental needs no lyrics (any given are the melody's words, played rather than sung).
 */
export const GenerateSongPayload = Schema.Struct({
  title: field("Title", 200),
  lyrics: field("Lyrics", 3000),
  style: field("Style", 200),
  instrumental: Schema.optionalWith(
    withMessage(Schema.Boolean, "instrumental must be true or false"),
    { default: () => false, exact: true },
  ),
  voiceId,
}).annotations({ parseOptions: { errors: "all" } })
export type GenerateSongPayload = typeof GenerateSongPayload.Type

export class GenerationStarted extends Schema.Class<GenerationStarted>("GenerationStarted")({
  /** The generation's id: what check-song-status asks about. */
  taskId: Schema.String,
}) {}

/**
 * A version as the generated-songs dialog reads it. The spec's status check names the audio fields in both
 * spellings, so the answer carries both; our own client reads the camelCase ones.
 */
export class GeneratedSong extends Schema.Class<GeneratedSong>("GeneratedSong")({
  id: Schema.String,
  /** The final MP3: empty while only the stream preview exists. */
  audioUrl: Schema.String,
  audio_url: Schema.String,
  streamAudioUrl: Schema.String,
  stream_audio_url: Schema.String,
  sourceAudioUrl: Schema.String,
  source_audio_url: Schema.String,
  sourceStreamAudioUrl: Schema.String,
  source_stream_audio_url: Schema.String,
  title: Schema.String,
  /** Seconds. */
  duration: Schema.Number,
  /** The lyrics it was sung from. */
  prompt: Schema.String,
  imageUrl: Schema.NullOr(Schema.String),
}) {}

export class CreditRefund extends Schema.Class<CreditRefund>("CreditRefund")({
  refunded: Schema.Boolean,
  amount: Schema.Int,
}) {}

/**
 * Where a generation is, decided by the server: the dialog needs no rules of its own to tell a failure
 * from a step it has not heard of.
 */
export const GenerationPhase = Schema.Literal("arranging", "previewing", "done", "failed")
export type GenerationPhase = typeof GenerationPhase.Type

export class SongStatus extends Schema.Class<SongStatus>("SongStatus")({
  /** PENDING, TEXT_SUCCESS, FIRST_SUCCESS, SUCCESS, or a failure (FAILED..., SENSITIVE_WORD_ERROR, TIMEOUT). */
  status: Schema.String,
  phase: GenerationPhase,
  songs: Schema.Array(GeneratedSong),
  error: Schema.NullOr(Schema.String),
  /** Only for a failed generation. */
  creditRefund: Schema.NullOr(CreditRefund),
}) {}

// Refusals

export class MissingInformation extends Schema.TaggedError<MissingInformation>()(
  "MissingInformation",
  { message: Schema.String, missing: Schema.Array(Schema.Literal("lyrics", "title", "style")) },
  HttpApiSchema.annotations({ status: 400 }),
) {}

/** The lyrics to be sung hold no word the maker can sing: only section tags, punctuation... */
export class NothingToSing extends Schema.TaggedError<NothingToSing>()(
  "NothingToSing",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

const Id = Schema.String.pipe(Schema.maxLength(64))
const StatusParams = Schema.Struct({
  taskId: withMessage(
    Schema.String.pipe(Schema.minLength(1), Schema.maxLength(64)),
    "taskId is required",
  ),
})
const VersionPath = Schema.Struct({ versionId: Id })
const CallbackPath = Schema.Struct({ secret: Id, generationId: Id })
const PreviewPath = Schema.Struct({ generationId: Id, index: Schema.Literal("1", "2") })
const SourcePath = Schema.Struct({
  token: Id,
  file: Schema.String.pipe(Schema.pattern(/^[0-9a-zA-Z-]{1,64}\.mp3$/)),
})

/** Generation's endpoints; the group keeps the name "media", which its paths and the typed client carry. */
export class GenerationApi extends HttpApiGroup.make("media")
  .add(
    HttpApiEndpoint.post("generateSong", "/generate-song")
      .setPayload(GenerateSongPayload)
      .addSuccess(GenerationStarted)
      .addError(MissingInformation)
      .addError(NothingToSing)
      .addError(ContentRefused)
      .addError(NotFound)
      .addError(InsufficientCredits)
      .addError(EmailNotVerified)
      .addError(TooManyRequests)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("songStatus", "/check-song-status")
      .setUrlParams(StatusParams)
      .addSuccess(SongStatus)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("versionAudio", "/media/versions/:versionId/audio")
      .setPath(VersionPath)
      .setUrlParams(DownloadParams)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "audio/mpeg" }))
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("versionCover", "/media/versions/:versionId/cover")
      .setPath(VersionPath)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "image/jpeg" }))
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    // A track the music API is still making, streamed as it makes it, for its owner.
    HttpApiEndpoint.get("versionPreview", "/media/previews/:generationId/:index")
      .setPath(PreviewPath)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "audio/mpeg" }))
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    // The music API's callbacks: no session, a secret in the path.
    HttpApiEndpoint.post("musicApiCallback", "/media/callbacks/:secret/:generationId")
      .setPath(CallbackPath)
      .setPayload(Schema.Unknown)
      .addSuccess(Schema.Struct({ code: Schema.Int, msg: Schema.String }))
      .addError(NotFound),
  )
  .add(
    // The music API fetches the version an operation starts from: no session, a signed path.
    HttpApiEndpoint.get("sourceAudio", "/media/sources/:token/:file")
      .setPath(SourcePath)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "audio/mpeg" }))
      .addError(NotFound),
  )
  .annotate(
    OpenApi.Description,
    "Song generation: start one for 5 credits, follow it, play and download its versions.",
  ) {}
