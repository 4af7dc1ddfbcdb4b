import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { moduleApi } from "#api/id.ts"
import { NotFound } from "#api/refusals.ts"
import { songPaths } from "#modules/catalog/api-song-paths.ts"
import { AppUrl } from "#toolkit/app-url.ts"
import { escapeHtml } from "#toolkit/escape-html.ts"
import type { SongView } from "./api-answers.ts"
import { EmbedsApi, embedSize, OEmbed } from "./api-embeds.ts"
import { SongReads } from "./song-reads.ts"

const notASong = new NotFound({ message: "This address is not a public song of Melody Studio." })

/** The song a page's address on this site names (its page or its player); undefined for any other. */
const songIdIn = (url: string, appUrl: string) => {
  if (!URL.canParse(url)) return undefined
  const address = new URL(url)
  if (address.origin !== new URL(appUrl).origin) return undefined
  return /^\/(?:embed\/)?song\/([0-9a-zA-Z-]{1,64})$/.exec(address.pathname)?.[1]
}

const absolute = (appUrl: string, url: string) => (url.startsWith("/") ? appUrl + url : url)

/** A public song as oEmbed describes it: its player in an iframe, as wide as the consumer allows. */
const oEmbedOf = (
  song: SongView,
  appUrl: string,
  asked: { readonly maxwidth?: number | undefined; readonly maxheight?: number | undefined },
) => {
  // Never wider or taller than the consumer allows (oEmbed's rule); the player fills what it is given.
  const width = Math.min(asked.maxwidth ?? embedSize.width, embedSize.width)
  const height = Math.min(asked.maxheight ?? embedSize.height, embedSize.height)
  const src = appUrl + songPaths.embed(song.id)
  const cover = song.imageUrl ?? song.sourceImageUrl
  return new OEmbed({
    type: "rich",
    version: "1.0",
    title: song.title,
    ...(song.creator.username
      ? { author_name: song.creator.username, author_url: `${appUrl}/u/${song.creator.username}` }
      : {}),
    provider_name: "Melody Studio",
    provider_url: appUrl,
    html: `<iframe src="${escapeHtml(src)}" width="${width}" height="${height}" style="border:0;border-radius:12px;max-width:100%" allow="autoplay; encrypted-media" loading="lazy" title="${escapeHtml(`${song.title} on Melody Studio`)}"></iframe>`,
    width,
    height,
    ...(cover ? { thumbnail_url: absolute(appUrl, cover) } : {}),
  })
}

export const EmbedsHttpLive = HttpApiBuilder.group(moduleApi(EmbedsApi), "embeds", (handlers) =>
  Effect.gen(function* () {
    const reads = yield* SongReads
    const appUrl = yield* AppUrl
    return handlers.handle("oembed", ({ urlParams }) => {
      const songId = songIdIn(urlParams.url, appUrl)
      if (songId === undefined) return Effect.fail(notASong)
      // As anyone sees it: a private song has no player for other sites, even asked by its owner.
      return reads.song(songId, undefined).pipe(
        Effect.mapError(() => notASong),
        Effect.map((song) => oEmbedOf(song, appUrl, urlParams)),
      )
    })
  }),
)
