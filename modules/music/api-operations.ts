import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated, EmailNotVerified } from "#api/auth.ts"
import { trimmedText, withMessage } from "#api/messages.ts"
import { ContentRefused, NotFound, TooManyRequests } from "#api/refusals.ts"
import { SongOperation } from "#events/contracts/song-operations.ts"
import { InsufficientCredits } from "#modules/billing/api-credit-refusals.ts"
import { GenerationStarted, MissingInformation, NothingToSing, voiceId } from "./api-generation.ts"

// Operations on a song after its first render: extend, replace a section, restyle.

const seconds = (name: string) =>
  Schema.optionalWith(
    withMessage(
      Schema.Number.pipe(Schema.nonNegative(), Schema.lessThanOrEqualTo(3600)),
      `${name} must be a number of seconds from 0 to 3600`,
    ),
    { exact: true },
  )

const lyrics = Schema.optionalWith(trimmedText("Lyrics", 3000, { required: false }), {
  default: () => "",
  exact: true,
})

/** The continuation's lyrics, and where it joins (seconds; unsaid: the song's end). */
export const ExtendPayload = Schema.Struct({
  lyrics,
  atSeconds: seconds("atSeconds"),
  voiceId,
}).annotations({ parseOptions: { errors: "all" } })
export type ExtendPayload = typeof ExtendPayload.Type

/** The new lines, and what they replace: a lyric section ("[Verse 2]") or a stretch in seconds. */
export const ReplaceSectionPayload = Schema.Struct({
  lyrics,
  section: Schema.optionalWith(trimmedText("Section", 40, { required: false }), { exact: true }),
  startSeconds: seconds("startSeconds"),
  endSeconds: seconds("endSeconds"),
}).annotations({ parseOptions: { errors: "all" } })
export type ReplaceSectionPayload = typeof ReplaceSectionPayload.Type

export const RestylePayload = Schema.Struct({
  style: Schema.optionalWith(trimmedText("Style", 200, { required: false }), {
    default: () => "",
    exact: true,
  }),
  voiceId,
}).annotations({ parseOptions: { errors: "all" } })
export type RestylePayload = typeof RestylePayload.Type

export class OperationOffer extends Schema.Class<OperationOffer>("OperationOffer")({
  operation: SongOperation,
  name: Schema.String,
  /** Credits. */
  price: Schema.Int,
}) {}

/** What the maker songs are made with can do to a song, and at what price. */
export class SongOperations extends Schema.Class<SongOperations>("SongOperations")({
  maker: Schema.String,
  operations: Schema.Array(OperationOffer),
  /** What a song's stems cost: one the engine played whole, and one the music API made. */
  stemsPrices: Schema.Struct({ engine: Schema.Int, musicApi: Schema.Int }),
}) {}

/** A lyric section of a song, and where it is sung (seconds), for choosing what to replace. */
export class SongSection extends Schema.Class<SongSection>("SongSection")({
  label: Schema.String,
  startSeconds: Schema.Number,
  endSeconds: Schema.Number,
  lines: Schema.Array(Schema.String),
}) {}

// Refusals

/** The request cannot be done to this song as asked: a point past its end, an empty section... */
export class InvalidOperation extends Schema.TaggedError<InvalidOperation>()(
  "InvalidOperation",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 400 }),
) {}

/** The maker songs are made with cannot do this operation (or not to this song). */
export class OperationUnsupported extends Schema.TaggedError<OperationUnsupported>()(
  "OperationUnsupported",
  { message: Schema.String, operation: SongOperation, maker: Schema.String },
  HttpApiSchema.annotations({ status: 422 }),
) {}

/** Operations are for the song's owner: anyone may hear a public song, only its owner may operation it. */
export class NotTheOwner extends Schema.TaggedError<NotTheOwner>()(
  "NotTheOwner",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 403 }),
) {}

const SongPath = Schema.Struct({ songId: Schema.String.pipe(Schema.maxLength(64)) })

const operation = <Name extends string, P extends Schema.Schema.Any>(
  name: Name,
  path: `/${string}`,
  payload: P,
) =>
  HttpApiEndpoint.post(name, path)
    .setPath(SongPath)
    .setPayload(payload)
    .addSuccess(GenerationStarted)
    .addError(MissingInformation)
    .addError(NothingToSing)
    .addError(ContentRefused)
    .addError(InvalidOperation)
    .addError(OperationUnsupported)
    .addError(NotTheOwner)
    .addError(NotFound)
    .addError(InsufficientCredits)
    .addError(EmailNotVerified)
    .addError(TooManyRequests)
    .middleware(Authenticated)

export class OperationsApi extends HttpApiGroup.make("operations")
  .add(
    HttpApiEndpoint.get("list", "/song-operations")
      .addSuccess(SongOperations)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("sections", "/songs/:songId/sections")
      .setPath(SongPath)
      .addSuccess(Schema.Array(SongSection))
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(operation("extend", "/songs/:songId/extend", ExtendPayload))
  .add(operation("replaceSection", "/songs/:songId/replace-section", ReplaceSectionPayload))
  .add(operation("restyle", "/songs/:songId/restyle", RestylePayload))
  .annotate(
    OpenApi.Description,
    "Operations on one's own song: each makes two new versions, saved as new songs, followed like a generation.",
  ) {}
