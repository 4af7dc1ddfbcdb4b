import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, signUp } from "../../testing.ts"

// The built page's shape, as web/index.html has it: the server fills its head and its root.
const webDist = mkdtempSync(join(tmpdir(), "melody-dist-"))
writeFileSync(
  join(webDist, "index.html"),
  `<!doctype html><html><head><meta name="description" content="The app."><title>Melody Studio</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`,
)

/** What the page shows before any script runs: the app's root as the server filled it. */
const rootOf = (html: string) => /<div id="root"([^>]*)>([\s\S]*)<\/div><script/.exec(html)

/** The root's text as a reader sees it: without the marks React leaves between adjacent texts. */
const textOf = (view: string) => view.replace(/<!-- -->/g, "")

describeApp({ config: { webDist } })("the sign-in page the server draws", (it) => {
  it.effect("the sign-in page is drawn for a visitor, at / too", () =>
    Effect.gen(function* () {
      // At `/`, the same page, which the app moves to its own address.
      const home = yield* request("/")
      expect(home.status).toBe(200)
      expect(rootOf(home.text)?.[1]).toContain('data-at="/auth"')
      const page = yield* request("/auth")
      expect(rootOf(home.text)?.[2]).toBe(rootOf(page.text)?.[2])
      const [, marks, view] = rootOf(page.text) ?? []
      expect(marks).toContain('data-first-view="visitor"')
      // Shown under the splash on a first visit; the app's own title and description kept.
      expect(page.text).toMatch(/<html data-first-view="splash"/)
      expect(textOf(view!)).toMatch(/>Login<\/button>/)
      expect(page.text).toContain("<title>Melody Studio</title>")
      expect(page.text).toContain('<meta name="description" content="The app.">')

      // Someone signed in: home and the sign-in page are the app's (which sends them home), and a public
      // page is marked theirs, for the app to take over at once.
      const reader = (yield* signUp("reader")).person
      for (const path of ["/", "/auth"]) {
        const own = yield* reader.get(path)
        expect(own.status).toBe(200)
        expect(rootOf(own.text)?.[0]).toContain('<div id="root"></div>')
      }
      expect(rootOf((yield* reader.get("/timeline")).text)?.[1]).toContain(
        'data-first-view="signed-in"',
      )
    }),
  )
})
