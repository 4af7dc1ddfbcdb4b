import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { brotliCompressSync } from "node:zlib"
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request } from "../testing.ts"

const webDist = mkdtempSync(join(tmpdir(), "melody-dist-"))
mkdirSync(join(webDist, "assets"))
const script = `console.log(${JSON.stringify("a".repeat(4000))})`
const page = `<!doctype html><title>Melody Studio</title>${"<p>words</p>".repeat(200)}`
writeFileSync(join(webDist, "index.html"), page)
writeFileSync(join(webDist, "index.html.br"), brotliCompressSync(page))
writeFileSync(join(webDist, "assets", "app-123.js"), script)
writeFileSync(join(webDist, "assets", "app-123.js.br"), brotliCompressSync(script))

/** Node's fetch decodes what it is sent: the header says how it came, the text is what it was. */
const asking = (path: string, acceptEncoding: string) =>
  request(path, { headers: { "accept-encoding": acceptEncoding } })

describeApp({ config: { webDist } })("compressed answers", (it) => {
  it.effect("built files are sent as the copy the build compressed, to clients that take it", () =>
    Effect.gen(function* () {
      const js = yield* asking("/assets/app-123.js", "gzip, br")
      expect(js.headers.get("content-encoding")).toBe("br")
      expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8")
      expect(js.headers.get("vary")).toContain("Accept-Encoding")
      expect(js.text).toBe(script)
      // A page of the app's own (the timeline and public songs are drawn per request: first-view/).
      const html = yield* asking("/library", "br")
      expect(html.headers.get("content-encoding")).toBe("br")
      expect(html.text).toBe(page)
      // No copy in that encoding, or not accepted: as it is.
      expect(
        (yield* asking("/assets/app-123.js", "gzip")).headers.get("content-encoding"),
      ).toBeNull()
      expect((yield* asking("/assets/app-123.js", "identity")).text).toBe(script)
    }),
  )

  it.effect("the API's JSON is compressed when it is worth it", () =>
    Effect.gen(function* () {
      // The contract's document is past what one answer is compressed for (compression.test.ts tests
      // that bound): its first answer may go as it is, every later one compressed.
      yield* asking("/api/openapi.json", "br")
      for (const encoding of ["br", "gzip"]) {
        const docs = yield* asking("/api/openapi.json", encoding)
        expect(docs.status).toBe(200)
        expect(docs.headers.get("content-encoding")).toBe(encoding)
        expect(docs.body).toMatchObject({ openapi: expect.stringMatching(/^3\./) })
      }
      const plain = yield* asking("/api/openapi.json", "identity")
      expect(plain.headers.get("content-encoding")).toBeNull()
      expect(plain.headers.get("vary")).toContain("Accept-Encoding")
      // A small answer goes as it is.
      const small = yield* asking("/api/session", "br")
      expect(small.headers.get("content-encoding")).toBeNull()
      expect(small.body).toEqual({ user: null })
    }),
  )

  it.effect("the API's documentation (2 MB) is compressed once it is asked again, then kept", () =>
    Effect.gen(function* () {
      const plain = yield* asking("/api/docs", "identity")
      expect(plain.status).toBe(200)
      expect(plain.bytes.byteLength).toBeGreaterThan(1024 * 1024)
      const answers = []
      for (let i = 0; i < 4; i++) answers.push(yield* asking("/api/docs", "br"))
      for (const answer of answers) expect(answer.text).toBe(plain.text)
      expect(answers.slice(1).map((a) => a.headers.get("content-encoding"))).toEqual([
        "br",
        "br",
        "br",
      ])
    }),
  )
})
