import { HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { songPaths } from "#modules/catalog/api-song-paths.ts"

/** Songs (or creators) per sitemap file: well under the protocol's 50,000 URLs and 50 MB. */
export const songsPerSitemap = 10_000

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`,
  )

const xml = (body: string) =>
  HttpServerResponse.text(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`, {
    contentType: "application/xml; charset=utf-8",
    headers: { "cache-control": "public, max-age=3600" },
  })

/** The pages anyone may open without signing in, besides the songs. */
const publicPages = ["/", "/timeline", "/terms", "/privacy"]

/** Pages behind a sign-in, and the API: nothing for a crawler, except songs' covers for image search. */
const robotsOf = (appUrl: string) =>
  [
    "User-agent: *",
    "Allow: /",
    "Allow: /api/songs/*/cover",
    "Disallow: /api/",
    ...["/library", "/chat", "/app", "/voices", "/credits", "/checkout/", "/admin", "/dev/"].map(
      (path) => `Disallow: ${path}`,
    ),
    `Sitemap: ${appUrl}/sitemap.xml`,
    "",
  ].join("\n")

/**
 * What the site tells search engines: `robots.txt`, and `sitemap.xml`, an index of a file of its public
 * pages and files of its public songs (read as they are now: a song made private is gone from the next
 * answer). Undefined for any other path.
 */
/**
 * What the sitemaps read: from the songs read model, how many public songs and a page of them; from the
 * creators read model, the same of creators with a public song.
 */
export interface SitemapReads {
  readonly listedCreatorCount: Effect.Effect<number>
  readonly listedCreators: (
    offset: number,
    limit: number,
  ) => Effect.Effect<ReadonlyArray<{ readonly username: string; readonly lastSong: Date }>>
  readonly publicSongCount: Effect.Effect<number>
  readonly listedSongs: (
    offset: number,
    limit: number,
  ) => Effect.Effect<ReadonlyArray<{ readonly songId: string; readonly createdAt: Date }>>
}

export const makeSiteFiles =
  (reads: SitemapReads, appUrl: string) =>
  (pathname: string): Effect.Effect<HttpServerResponse.HttpServerResponse | undefined> => {
    const url = (path: string) => `<loc>${escapeXml(appUrl + path)}</loc>`
    if (pathname === "/robots.txt")
      return Effect.succeed(
        HttpServerResponse.text(robotsOf(appUrl), {
          headers: { "cache-control": "public, max-age=3600" },
        }),
      )
    if (pathname === "/sitemap.xml")
      return Effect.map(
        Effect.all([reads.publicSongCount, reads.listedCreatorCount]),
        ([songs, creators]) => {
          const files = ["/sitemap-pages.xml"]
          for (let n = 1; n <= Math.ceil(songs / songsPerSitemap); n++)
            files.push(`/sitemap-songs-${n}.xml`)
          for (let n = 1; n <= Math.ceil(creators / songsPerSitemap); n++)
            files.push(`/sitemap-creators-${n}.xml`)
          return xml(
            `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
              .map((file) => `  <sitemap>${url(file)}</sitemap>`)
              .join("\n")}\n</sitemapindex>`,
          )
        },
      )
    if (pathname === "/sitemap-pages.xml")
      return Effect.succeed(
        xml(
          `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${publicPages
            .map((page) => `  <url>${url(page)}</url>`)
            .join("\n")}\n</urlset>`,
        ),
      )
    const c = Number(/^\/sitemap-creators-([1-9][0-9]{0,5})\.xml$/.exec(pathname)?.[1])
    if (c)
      return Effect.map(
        reads.listedCreators((c - 1) * songsPerSitemap, songsPerSitemap),
        (creators) =>
          creators.length === 0
            ? HttpServerResponse.text("Not found", { status: 404 })
            : xml(
                `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${creators
                  .map(
                    (creator) =>
                      `  <url>${url(`/u/${encodeURIComponent(creator.username)}`)}<lastmod>${creator.lastSong.toISOString()}</lastmod></url>`,
                  )
                  .join("\n")}\n</urlset>`,
              ),
      )
    const n = Number(/^\/sitemap-songs-([1-9][0-9]{0,5})\.xml$/.exec(pathname)?.[1])
    if (!n) return Effect.succeed(undefined)
    return Effect.map(reads.listedSongs((n - 1) * songsPerSitemap, songsPerSitemap), (songs) =>
      songs.length === 0
        ? HttpServerResponse.text("Not found", { status: 404 })
        : xml(
            `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${songs
              .map(
                (song) =>
                  `  <url>${url(songPaths.page(song.songId))}<lastmod>${song.createdAt.toISOString()}</lastmod></url>`,
              )
              .join("\n")}\n</urlset>`,
          ),
    )
  }
