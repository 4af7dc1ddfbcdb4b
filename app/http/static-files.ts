import { readFile, stat } from "node:fs/promises"
import { extname, join, normalize, resolve, sep } from "node:path"
import { HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"

const notBuilt = `<!doctype html><meta charset="utf-8"><title>Melody Studio</title>
<p>The web app has not been built yet. Run <code>npm start</code> (or <code>npm run build</code>) and reload.</p>`

const isFile = (path: string) =>
  Effect.promise(() =>
    stat(path).then(
      (s) => s.isFile(),
      () => false,
    ),
  )

/**
 * Serves the built single-page app: files as they are (hashed assets cached for a year), and index.html for
 * every other path so the client router can take it (history fallback).
 */
export const makeStaticFiles = (
  distDir: string,
  /** Tags for the head of a page (a shared song's title and picture), for previews before any script runs. */
  headFor: (pathname: string) => Effect.Effect<string | undefined> = () =>
    Effect.succeed(undefined),
) => {
  const root = resolve(distDir)
  const index = join(root, "index.html")

  return (pathname: string) =>
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
        const immutable = decoded.startsWith("/assets/")
        return yield* HttpServerResponse.file(candidate, {
          headers: {
            "cache-control": immutable
              ? "public, max-age=31536000, immutable"
              : "public, max-age=300",
          },
        })
      }
      if (inside && extname(candidate) !== "" && decoded.startsWith("/assets/")) {
        return HttpServerResponse.text("Not found", { status: 404 })
      }
      if (!(yield* isFile(index)))
        return HttpServerResponse.html(notBuilt).pipe(HttpServerResponse.setStatus(503))
      const head = yield* headFor(decoded)
      if (head !== undefined) {
        const html = yield* Effect.promise(() => readFile(index, "utf8"))
        return HttpServerResponse.html(
          html.replace(/<title>[^<]*<\/title>/, "").replace("</head>", `${head}</head>`),
        ).pipe(HttpServerResponse.setHeader("cache-control", "no-cache"))
      }
      return yield* HttpServerResponse.file(index, {
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
      })
    }).pipe(Effect.orDie)
}
