import { HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { songPaths } from "#modules/catalog/api-song-paths.ts"
import { playlistPaths } from "#modules/playlists/api-paths.ts"

/** Pages (songs, creators or playlists) per sitemap file: well under the protocol's 50,000 URLs and 50 MB. */
const pagesPerSitemap = 10_000

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
 * What the sitemaps read: from the songs read model, how many public songs and a page of them; from the
 * creators read model, the same of creators with a public song; from the playlists read model, of public
 * playlists with a public song.
 */
export interface SitemapReads {
  readonly publicSongCount: Effect.Effect<number>
  readonly listedSongs: (
    offset: number,
    limit: number,
  ) => Effect.Effect<ReadonlyArray<{ readonly songId: string; readonly createdAt: Date }>>
  readonly listedCreatorCount: Effect.Effect<number>
  readonly listedCreators: (
    offset: number,
    limit: number,
  ) => Effect.Effect<ReadonlyArray<{ readonly username: string; readonly lastSong: Date }>>
  readonly listedPlaylistCount: Effect.Effect<number>
  readonly listedPlaylists: (
    offset: number,
    limit: number,
  ) => Effect.Effect<ReadonlyArray<{ readonly playlistId: string; readonly changedAt: Date }>>
}

/** A page a sitemap lists: where it is, and when it last changed. */
interface Listed {
  readonly path: string
  readonly changedAt: Date
}

/** The kinds of page listed in sitemap files of their own: how many there are, and a run of them. */
const listsOf = (reads: SitemapReads) => [
  {
    kind: "songs",
    count: reads.publicSongCount,
    page: (offset: number, limit: number) =>
      Effect.map(reads.listedSongs(offset, limit), (songs) =>
        songs.map(
          (song): Listed => ({ path: songPaths.page(song.songId), changedAt: song.createdAt }),
        ),
      ),
  },
  {
    kind: "creators",
    count: reads.listedCreatorCount,
    page: (offset: number, limit: number) =>
      Effect.map(reads.listedCreators(offset, limit), (creators) =>
        creators.map(
          (creator): Listed => ({
            path: `/u/${encodeURIComponent(creator.username)}`,
            changedAt: creator.lastSong,
          }),
        ),
      ),
  },
  {
    kind: "playlists",
    count: reads.listedPlaylistCount,
    page: (offset: number, limit: number) =>
      Effect.map(reads.listedPlaylists(offset, limit), (playlists) =>
        playlists.map(
          (playlist): Listed => ({
            path: playlistPaths.page(playlist.playlistId),
            changedAt: playlist.changedAt,
          }),
        ),
      ),
  },
]

/**
 * What the site tells search engines: `robots.txt`, and `sitemap.xml`, an index of a file of its public
 * pages and files of its public songs, creators and playlists (read as they are now: a song made private
 * is gone from the next answer). Undefined for any other path.
 */
export const makeSiteFiles = (reads: SitemapReads, appUrl: string) => {
  const lists = listsOf(reads)
  const url = (path: string) => `<loc>${escapeXml(appUrl + path)}</loc>`
  const urlset = (urls: ReadonlyArray<string>) =>
    xml(
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((entry) => `  <url>${entry}</url>`).join("\n")}\n</urlset>`,
    )
  return (pathname: string): Effect.Effect<HttpServerResponse.HttpServerResponse | undefined> => {
    if (pathname === "/robots.txt")
      return Effect.succeed(
        HttpServerResponse.text(robotsOf(appUrl), {
          headers: { "cache-control": "public, max-age=3600" },
        }),
      )
    if (pathname === "/sitemap.xml")
      return Effect.map(Effect.all(lists.map((list) => list.count)), (counts) => {
        const files = ["/sitemap-pages.xml"]
        lists.forEach(({ kind }, index) => {
          for (let n = 1; n <= Math.ceil((counts[index] ?? 0) / pagesPerSitemap); n++)
            files.push(`/sitemap-${kind}-${n}.xml`)
        })
        return xml(
          `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
            .map((file) => `  <sitemap>${url(file)}</sitemap>`)
            .join("\n")}\n</sitemapindex>`,
        )
      })
    if (pathname === "/sitemap-pages.xml") return Effect.succeed(urlset(publicPages.map(url)))
    const [, kind, number] = /^\/sitemap-(\w+)-([1-9][0-9]{0,5})\.xml$/.exec(pathname) ?? []
    const list = lists.find((candidate) => candidate.kind === kind)
    if (list === undefined) return Effect.succeed(undefined)
    return Effect.map(
      list.page((Number(number) - 1) * pagesPerSitemap, pagesPerSitemap),
      (pages) =>
        pages.length === 0
          ? HttpServerResponse.text("Not found", { status: 404 })
          : urlset(
              pages.map(
                (page) => `${url(page.path)}<lastmod>${page.changedAt.toISOString()}</lastmod>`,
              ),
            ),
    )
  }
}
