import { createHash } from "node:crypto"
import { readFile } from "node:fs/promises"
import { join } from "node:path"

/** How a content security policy names an inline script: the SHA-256 of its text. */
const sourceOf = (script: string) =>
  `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`

/**
 * The built page's inline scripts (index.html decides whether a first visit sees the splash before its
 * first paint), as policy sources: the page may run these and no other inline script. None while the app
 * is not built.
 */
export const pageScriptSources = (distDir: string): Promise<ReadonlyArray<string>> =>
  readFile(join(distDir, "index.html"), "utf8").then(
    (html) =>
      [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => sourceOf(match[1]!)),
    () => [],
  )
