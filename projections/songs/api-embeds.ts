import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { withMessage } from "#api/messages.ts"
import { NotFound } from "#api/refusals.ts"

/** A song's player in another site's frame: as tall as its one row, as wide as it is given. */
export const embedSize = { width: 560, height: 152 }

/** A playlist's player: its row, and its songs listed under it. */
export const playlistEmbedSize = { width: 560, height: 400 }

const pixels = (name: string) =>
  withMessage(
    Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 10_000)),
    `${name} must be a whole number of pixels from 1 to 10000`,
  )

/** What oEmbed consumers ask (oembed.com, section 2.2): JSON only. */
export const OEmbedParams = Schema.Struct({
  url: withMessage(
    Schema.String.pipe(Schema.minLength(1), Schema.maxLength(2000)),
    "url must be the address of a song's or a playlist's page, up to 2000 characters",
  ),
  maxwidth: Schema.optional(pixels("maxwidth")),
  maxheight: Schema.optional(pixels("maxheight")),
  format: Schema.optional(
    withMessage(Schema.Literal("json"), "format must be json: no other is offered"),
  ),
})

/** A rich oEmbed answer: the player as an iframe, with who made it and its cover. */
export class OEmbed extends Schema.Class<OEmbed>("OEmbed")({
  type: Schema.Literal("rich"),
  version: Schema.Literal("1.0"),
  title: Schema.String,
  author_name: Schema.optional(Schema.String),
  author_url: Schema.optional(Schema.String),
  provider_name: Schema.String,
  provider_url: Schema.String,
  html: Schema.String,
  width: Schema.Int,
  height: Schema.Int,
  thumbnail_url: Schema.optional(Schema.String),
}) {}

export class EmbedsApi extends HttpApiGroup.make("embeds")
  .add(
    HttpApiEndpoint.get("oembed", "/oembed")
      .setUrlParams(OEmbedParams)
      .addSuccess(OEmbed)
      .addError(NotFound),
  )
  .annotate(
    OpenApi.Description,
    "oEmbed (oembed.com) for a public song's or playlist's page: its player as an iframe for other sites. A private or unknown one has none.",
  ) {}
