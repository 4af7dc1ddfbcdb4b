import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { moduleApi } from "#api/id.ts"
import { NotFound } from "#api/refusals.ts"
import { songPaths } from "#modules/catalog/api-song-paths.ts"
import { playlistPaths } from "#modules/playlists/api-paths.ts"
import { AppUrl } from "#toolkit/app-url.ts"
import { escapeHtml } from "#toolkit/escape-html.ts"
import type { PlaylistPage } from "../playlists/api.ts"
import { PlaylistReads } from "../playlists/reads.ts"
import type { SongView } from "./api-answers.ts"
import { EmbedsApi, embedSize, OEmbed, playlistEmbedSize } from "./api-embeds.ts"
import { SongReads } from "./song-reads.ts"

const notAPlayer = new NotFound({
  message: "This address is not a public song or playlist of Melody Studio.",
})

/**
 * The song or playlist a page's address on this site names (its page or its player); undefined for any
 * other.
 */
const placeIn = (url: string, appUrl: string) => {
  if (!URL.canParse(url)) return undefined
  const address = new URL(url)
  if (address.origin !== new URL(appUrl).origin) return undefined
  const [, kind, id] =
    /^\/(?:embed\/)?(song|playlist)\/([0-9a-zA-Z-]{1,64})$/.exec(address.pathname) ?? []
  return kind === "song" || kind === "playlist" ? { kind, id: id! } : undefined
}

const absolute = (appUrl: string, url: string) => (url.startsWith("/") ? appUrl + url : url)

type Asked = { readonly maxwidth?: number | undefined; readonly maxheight?: number | undefined }

/** A player for other sites: what it is called, whose it is, where it is, its cover and its size. */
interface Player {
  readonly title: string
  readonly author: string | null
  readonly src: string
  readonly cover: string | null
  readonly size: { readonly width: number; readonly height: number }
}

/** A public player as oEmbed describes it: an iframe, as wide as the consumer allows. */
const oEmbedOf = (player: Player, appUrl: string, asked: Asked) => {
  // Never wider or taller than the consumer allows (oEmbed's rule); the player fills what it is given.
  const width = Math.min(asked.maxwidth ?? player.size.width, player.size.width)
  const height = Math.min(asked.maxheight ?? player.size.height, player.size.height)
  return new OEmbed({
    type: "rich",
    version: "1.0",
    title: player.title,
    ...(player.author
      ? { author_name: player.author, author_url: `${appUrl}/u/${player.author}` }
      : {}),
    provider_name: "Melody Studio",
    provider_url: appUrl,
    html: `<iframe src="${escapeHtml(appUrl + player.src)}" width="${width}" height="${height}" style="border:0;border-radius:12px;max-width:100%" allow="autoplay; encrypted-media" loading="lazy" title="${escapeHtml(`${player.title} on Melody Studio`)}"></iframe>`,
    width,
    height,
    ...(player.cover ? { thumbnail_url: absolute(appUrl, player.cover) } : {}),
  })
}

const songPlayer = (song: SongView): Player => ({
  title: song.title,
  author: song.creator.username,
  src: songPaths.embed(song.id),
  cover: song.imageUrl ?? song.sourceImageUrl,
  size: embedSize,
})

const playlistPlayer = (playlist: PlaylistPage): Player => ({
  title: playlist.name,
  author: playlist.owner.username,
  src: playlistPaths.embed(playlist.id),
  cover: playlist.covers[0] ?? null,
  size: playlistEmbedSize,
})

export const EmbedsHttpLive = HttpApiBuilder.group(moduleApi(EmbedsApi), "embeds", (handlers) =>
  Effect.gen(function* () {
    const songs = yield* SongReads
    const playlists = yield* PlaylistReads
    const appUrl = yield* AppUrl
    return handlers.handle("oembed", ({ urlParams }) => {
      const place = placeIn(urlParams.url, appUrl)
      if (place === undefined) return Effect.fail(notAPlayer)
      // As anyone sees it: a private one has no player for other sites, even asked by its owner.
      const player: Effect.Effect<Player, NotFound> =
        place.kind === "song"
          ? Effect.map(songs.song(place.id, undefined), songPlayer)
          : Effect.map(playlists.playlist(place.id, undefined), playlistPlayer)
      return player.pipe(
        Effect.mapError(() => notAPlayer),
        Effect.map((found) => oEmbedOf(found, appUrl, urlParams)),
      )
    })
  }),
)
