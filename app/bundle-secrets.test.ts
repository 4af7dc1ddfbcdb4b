import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"

/**
 * What the browser downloads: no key, no secret's name, and no way to call the language model itself
 * (DESIGN: the model is called only from the server). Reads the built SPA that `npm test` builds first.
 */

const dist = join(import.meta.dirname, "..", "web", "dist")

const filesUnder = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })

const forbidden: ReadonlyArray<readonly [string, RegExp]> = [
  ["an OpenAI-style key", /\bsk-[A-Za-z0-9_-]{16,}/],
  ["a Stripe key", /\b[sr]k_(live|test)_[A-Za-z0-9]{10,}/],
  ["a Stripe webhook secret", /\bwhsec_[A-Za-z0-9]{10,}/],
  ["a secret's variable name", /OPENAI_API_KEY|STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|SMTP_URL/],
  ["a call to the language model", /chat\/completions|api\.openai\.com/],
]

describe("the built web app", () => {
  const files = (() => {
    try {
      return filesUnder(dist).filter((path) => /\.(js|html|css|map|json)$/.test(path))
    } catch {
      return []
    }
  })()

  it("exists (npm test builds it before the tests run)", () => {
    expect(
      files.some((path) => path.endsWith("index.html")),
      `no build in ${dist}`,
    ).toBe(true)
  })

  it.each(forbidden)("holds no %s", (_what, pattern) => {
    const found = files.filter((path) => pattern.test(readFileSync(path, "utf8")))
    expect(found).toEqual([])
  })

  it("the check itself finds a key where there is one", () => {
    const planted = `const key = "sk-proj-${"a".repeat(40)}"`
    expect(forbidden.filter(([, pattern]) => pattern.test(planted)).map(([what]) => what)).toEqual([
      "an OpenAI-style key",
    ])
  })
})
