import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { describe, expect, it } from "vitest"

/** What a public page may make a phone download and run before it is usable: 120 KB of gzipped JavaScript. */
const budget = 120 * 1024

const dist = join(import.meta.dirname, "..", "dist")

/** The scripts the built page loads before anything else: its entry and the modules it preloads. */
const firstLoadScripts = (html: string) =>
  [
    ...html.matchAll(/<script type="module"[^>]* src="\/([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g),
  ].map((match) => match[1]!)

// The built app (`npm run build`, which the test command's set-up runs first): what a visitor downloads.
describe("the first load of a public page", () => {
  it("carries at most 120 KB of gzipped JavaScript", async () => {
    const html = await readFile(join(dist, "index.html"), "utf8")
    const scripts = firstLoadScripts(html)
    expect(scripts.length).toBeGreaterThan(1)
    const sizes = await Promise.all(
      scripts.map(async (path) => gzipSync(await readFile(join(dist, path)), { level: 9 }).length),
    )
    const total = sizes.reduce((sum, size) => sum + size, 0)
    expect(
      total,
      `first load: ${scripts.join(", ")} = ${(total / 1024).toFixed(1)} KB`,
    ).toBeLessThanOrEqual(budget)
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
})
