import { readFile, stat } from "node:fs/promises"
import { extname, join, normalize, resolve, sep } from "node:path"
import { HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { encodingOf, isCompressible } from "./compression.ts"
import type { FirstView } from "./first-view/html.ts"

const notBuilt = `<!doctype html><meta charset="utf-8"><title>Melody Studio</title>
<p>The web app has not been built yet. Run <code>npm start</code> (or <code>npm run build</code>) and reload.</p>`

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
}

/** A built text file's type; other files' are left to the platform's guess from their extension. */
const contentTypeOf = (path: string): string | undefined => contentTypes[extname(path)]

/**
 * Hashed assets are kept for a year; the service worker is checked on every visit, so a release reaches
 * installed apps at once; other public files for five minutes.
 */
const cachingOf = (path: string) =>
  path.startsWith("/assets/")
    ? "public, max-age=31536000, immutable"
    : path === "/sw.js"
      ? "no-cache"
      : "public, max-age=300"

const isFile = (path: string) =>
  Effect.promise(() =>
    stat(path).then(
      (s) => s.isFile(),
      () => false,
    ),
  )

/**
 * The app's page with a first view in it: the view's title and description instead of the app's (when it
 * has its own), its body inside the app's root, marked so the app knows to hydrate it
 * (web/src/app/first-view.ts), whether it was asked for by someone signed in (whose page the app takes
 * over at once, to make it theirs) and the address it was drawn for if another was asked for, the state
 * it was drawn from beside it once, as data (never run, and with nothing in it that could close its
 * element), and the document marked so that the view is there from the first paint, without the app's
 * entrance animation (styles.css).
 */
const withFirstView = (html: string, view: FirstView, signedIn: boolean) => {
  const ownHead = view.head.includes("<title>")
  return (
    html
      .replace(/<html(?=[\s>])/, `<html data-first-view="${view.splash ? "splash" : "shared"}"`)
      .replace(/<title>[^<]*<\/title>/, (title) => (ownHead ? "" : title))
      .replace(/<meta name="description"[^>]*>/, (meta) => (ownHead ? "" : meta))
      // Replaced by functions: a song's words may hold `$&` or `$'`, which a replacement string expands.
      .replace("</head>", () => `${view.head}</head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root" data-first-view="${signedIn ? "signed-in" : "visitor"}"${view.at ? ` data-at="${view.at}"` : ""}>${view.body}</div><script type="application/json" id="first-view-state">${view.state.replace(/</g, "\\u003c")}</script>`,
      )
  )
}

/**
 * Serves the built single-page app: files as they are (hashed assets cached for a year), and index.html for
 * every other path so the client router can take it (history fallback).
 */
export const makeStaticFiles = (
  distDir: string,
  /**
   * A page drawn by the server (a shared song, the timeline, the sign-in page), shown before any script
   * runs, for someone signed in or not.
   */
  firstViewOf: (
    pathname: string,
    signedIn: boolean,
    search: URLSearchParams,
  ) => Effect.Effect<FirstView | undefined> = () => Effect.succeed(undefined),
  /** Whether a session cookie's value is a live session. */
  isSignedIn: (session: string) => Effect.Effect<boolean> = () => Effect.succeed(false),
) => {
  const root = resolve(distDir)
  const index = join(root, "index.html")

  /**
   * A built file, or the smaller copy the build wrote beside it (`.br`, `.gz`: see web/vite.config.ts)
   * for a client that accepts its encoding; the same content type and caching either way.
   */
  const fileResponse = (path: string, acceptEncoding: string | undefined, cacheControl: string) =>
    Effect.gen(function* () {
      const contentType = contentTypeOf(path)
      if (contentType === undefined)
        return yield* HttpServerResponse.file(path, { headers: { "cache-control": cacheControl } })
      const headers = {
        "cache-control": cacheControl,
        "content-type": contentType,
        vary: "Accept-Encoding",
      }
      const encoding = isCompressible(contentType) ? encodingOf(acceptEncoding) : undefined
      const suffix = encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : undefined
      if (suffix && (yield* isFile(path + suffix)))
        return yield* HttpServerResponse.file(path + suffix, {
          headers: { ...headers, "content-encoding": encoding! },
        })
      return yield* HttpServerResponse.file(path, { headers })
    })

  return (
    pathname: string,
    acceptEncoding?: string,
    session?: string,
    search = new URLSearchParams(),
  ) =>
    Effect.gen(function* () {
      const decoded = (() => {
        try {
          return decodeURIComponent(pathname)
        } catch {
          return "/"
        }
      })()
      const candidate = resolve(root, `.${normalize(`/${decoded}`)}`)
      const inside = candidate === root || candidate.startsWith(root + sep)
      if (inside && extname(candidate) !== "" && (yield* isFile(candidate))) {
        return yield* fileResponse(candidate, acceptEncoding, cachingOf(decoded))
      }
      if (inside && extname(candidate) !== "" && decoded.startsWith("/assets/")) {
        return HttpServerResponse.text("Not found", { status: 404 })
      }
      if (!(yield* isFile(index)))
        return HttpServerResponse.html(notBuilt).pipe(HttpServerResponse.setStatus(503))
      const signedIn = session === undefined ? false : yield* isSignedIn(session)
      const view = yield* firstViewOf(decoded, signedIn, search)
      if (view !== undefined) {
        const html = yield* Effect.promise(() => readFile(index, "utf8"))
        return HttpServerResponse.html(withFirstView(html, view, signedIn)).pipe(
          HttpServerResponse.setHeader("cache-control", "no-cache"),
        )
      }
      return yield* fileResponse(index, acceptEncoding, "no-cache")
    }).pipe(Effect.orDie)
}
