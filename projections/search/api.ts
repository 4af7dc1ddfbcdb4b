import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Viewer } from "#api/auth.ts"
import { withMessage } from "#api/messages.ts"
import { CreatorSummary } from "../creators/api.ts"
import { SongView } from "../songs/api-answers.ts"

/** The longest question search takes: a line of lyrics fits many times over. */
export const queryLimit = 200

export const SearchParams = Schema.Struct({
  q: withMessage(
    Schema.String.pipe(Schema.trimmed(), Schema.minLength(1), Schema.maxLength(queryLimit)),
    `q must be 1 to ${queryLimit} characters, without spaces around it`,
  ),
  limit: Schema.optionalWith(
    withMessage(
      Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 50)),
      "limit must be a whole number from 1 to 50",
    ),
    { default: () => 20 },
  ),
})

/** A playlist a search found: enough to name it and open its page. */
export class PlaylistHit extends Schema.Class<PlaylistHit>("PlaylistHit")({
  id: Schema.String,
  name: Schema.String,
  owner: Schema.Struct({ username: Schema.String }),
  isPublic: Schema.Boolean,
}) {}

/**
 * What a search found: songs best first (public ones, and the searcher's own), creators, and playlists
 * (public ones, and the searcher's own).
 */
export class SearchResults extends Schema.Class<SearchResults>("SearchResults")({
  songs: Schema.Array(SongView),
  creators: Schema.Array(CreatorSummary),
  playlists: Schema.Array(PlaylistHit),
}) {}

export class SearchApi extends HttpApiGroup.make("search")
  .add(
    HttpApiEndpoint.get("search", "/search")
      .setUrlParams(SearchParams)
      .addSuccess(SearchResults)
      .middleware(Viewer),
  )
  .annotate(
    OpenApi.Description,
    "Full-text search of songs (title over style over lyrics, the last word as a prefix), creators and playlists. A private song or playlist is found by its owner alone.",
  ) {}
