import { readdir, readFile } from "node:fs/promises"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { describe, expect, it } from "vitest"
import { storageKeys } from "./lib/reset.ts"

/** What a public page may make a phone download and run before it is usable: 120 KB of gzipped JavaScript. */
const budget = 120 * 1024

const dist = join(import.meta.dirname, "..", "dist")

/** The scripts the built page loads before anything else: its entry and the modules it preloads. */
const firstLoadScripts = (html: string) =>
  [
    ...html.matchAll(/<script type="module"[^>]* src="\/([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g),
  ].map((match) => match[1]!)

/** A built chunk and every chunk it imports statically, transitively: what loads before it runs. */
const staticGraphOf = async (entry: string) => {
  const seen = new Set<string>()
  const visit = async (file: string): Promise<void> => {
    if (seen.has(file)) return
    seen.add(file)
    const code = await readFile(join(dist, "assets", file), "utf8")
    for (const [, next] of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) await visit(next!)
  }
  await visit(entry)
  return seen
}

/** The built files' sizes gzipped at the highest level, added up: what a visitor downloads, at least. */
const gzippedSize = async (paths: Iterable<string>) => {
  const sizes = await Promise.all(
    [...paths].map(async (path) => gzipSync(await readFile(join(dist, path)), { level: 9 }).length),
  )
  return sizes.reduce((sum, size) => sum + size, 0)
}

// The built app (`npm run build`, which the test command's set-up runs first): what a visitor downloads.
describe("the first load of a public page", () => {
  it("carries at most 120 KB of gzipped JavaScript", async () => {
    const html = await readFile(join(dist, "index.html"), "utf8")
    const scripts = firstLoadScripts(html)
    expect(scripts.length).toBeGreaterThan(1)
    const total = await gzippedSize(scripts)
    expect(
      total,
      `first load: ${scripts.join(", ")} = ${(total / 1024).toFixed(1)} KB`,
    ).toBeLessThanOrEqual(budget)
  })

  it("carries at most 120 KB with the page's own code, on every public page", async () => {
    const html = await readFile(join(dist, "index.html"), "utf8")
    const files = await readdir(join(dist, "assets"))
    const entry = new Set<string>()
    for (const script of firstLoadScripts(html))
      for (const file of await staticGraphOf(script.replace(/^assets\//, ""))) entry.add(file)
    // The landing page (a signed-out `/` goes on to /auth), the sign-in page, the timeline, a song's page,
    // a creator's page, a playlist's page.
    for (const name of [
      "home-page",
      "auth-page",
      "timeline-route",
      "song-route",
      "creator-route",
      "playlist-route",
    ]) {
      const page = files.find((file) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(file))
      expect(page, name).toBeDefined()
      const loaded = new Set([...entry, ...(await staticGraphOf(page!))])
      const total = await gzippedSize([...loaded].map((file) => join("assets", file)))
      expect(total, `${name}: ${(total / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(budget)
    }
  })

  it("leaves Effect's runtime and the typed client for later", async () => {
    const html = await readFile(join(dist, "index.html"), "utf8")
    for (const path of firstLoadScripts(html)) {
      const code = await readFile(join(dist, path), "utf8")
      expect(path).not.toMatch(/effect|api-runtime/)
      // The key Effect's runtime keeps its globals under: in any chunk that carries the runtime.
      expect(code).not.toContain("effect/GlobalValue")
    }
  })

  it("paints without waiting for a stylesheet, and asks for its Latin fonts at once", async () => {
    const html = await readFile(join(dist, "index.html"), "utf8")
    expect(html).not.toMatch(/<link rel="stylesheet"/)
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ""
    // The app's whole stylesheet: its colours, and the fonts it names.
    expect(style).toContain("--color-ink")
    expect(style).toContain("@font-face")
    const fonts = [...html.matchAll(/<link rel="preload" as="font"[^>]* href="\/([^"]+)"/g)].map(
      (match) => match[1]!,
    )
    expect(fonts.toSorted()).toEqual([
      expect.stringMatching(/^assets\/inter-latin-wght-normal-.*\.woff2$/),
      expect.stringMatching(/^assets\/outfit-latin-wght-normal-.*\.woff2$/),
    ])
    // Each one is a font the stylesheet uses, and is built.
    for (const font of fonts) {
      expect(style).toContain(`/${font}`)
      expect((await readFile(join(dist, font))).length).toBeGreaterThan(10_000)
    }
  })

  it("draws the sign-in page without Effect: its forms load their checks when first used", async () => {
    const page = (await readdir(join(dist, "assets"))).find((file) =>
      /^auth-page-.*\.js$/.test(file),
    )
    expect(page).toBeDefined()
    const graph = await staticGraphOf(page!)
    expect(graph.size).toBeGreaterThan(3)
    for (const file of graph) {
      expect(file).not.toMatch(/^effect-/)
      expect(await readFile(join(dist, "assets", file), "utf8")).not.toContain("effect/GlobalValue")
    }
  })

  it("draws the splash itself and decides before its first paint whether a visitor sees it", async () => {
    const html = await readFile(join(dist, "index.html"), "utf8")
    const splash = html.indexOf('id="splash"')
    const decision = html.search(/<script>/)
    const root = html.indexOf('<div id="root">')
    // Hidden until the script shows it (no script, no splash); the script runs before the app's root is
    // parsed, and no module script waits for.
    expect(html.slice(splash - 200, splash + 200)).toMatch(/<div[^>]*\shidden\s/)
    expect(html.slice(splash, decision)).toContain("AI-Powered Song Creation")
    expect(splash).toBeLessThan(decision)
    expect(decision).toBeLessThan(root)
    expect(/<script>([\s\S]*?)<\/script>/.exec(html)?.[1]).toContain(
      `"${storageKeys.hasSeenSplash}"`,
    )
  })
})
