import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { builtWithMap } from "../testing-source-maps.ts"
import { browserStacks } from "./browser-stacks.ts"

describe("browser stacks", () => {
  const { dir, at } = builtWithMap()

  it.effect(
    "show the source's file, line and column for each place in a built file, in every browser's form",
    () =>
      Effect.gen(function* () {
        const read = browserStacks(dir)
        const chromium = `Error: boom\n    at boom (https://melody.example/assets/${at})\n    at https://melody.example/assets/${at}`
        expect(yield* read(chromium)).toBe(
          "Error: boom\n    at boom (src/lib/boom.ts:3:18)\n    at src/lib/boom.ts:3:18",
        )
        expect(yield* read(`boom@https://melody.example/assets/${at}`)).toBe(
          "boom@src/lib/boom.ts:3:18",
        )
      }),
  )

  it.effect(
    "leave places no map of this build knows, and never read outside the maps' folder",
    () =>
      Effect.gen(function* () {
        const read = browserStacks(dir)
        const stacks = [
          "at f (https://melody.example/assets/index-old.js:1:10)",
          "at f (https://melody.example/assets/../../etc/passwd.js:1:10)",
          "at f (https://melody.example/other/boom-1a2b3c.js:1:10)",
          "nothing like a stack",
        ]
        for (const stack of stacks) expect(yield* read(stack)).toBe(stack)
      }),
  )
})

describe("the built web app's source maps", () => {
  const web = join(import.meta.dirname, "..", "..", "web")
  const assets = join(web, "dist", "assets")
  const built = existsSync(assets) ? readdirSync(assets) : []

  it("are kept apart from what is served, one for each script, and no script names its map", () => {
    const scripts = built.filter((name) => name.endsWith(".js"))
    expect(scripts.length, "npm test builds the app first").toBeGreaterThan(0)
    expect(built.filter((name) => name.endsWith(".map"))).toEqual([])
    for (const script of scripts) {
      expect(readFileSync(join(assets, script), "utf8")).not.toContain("sourceMappingURL")
      expect(existsSync(join(web, "source-maps", "assets", `${script}.map`)), script).toBe(true)
    }
  })
})
