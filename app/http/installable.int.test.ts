import { join } from "node:path"
import { expect } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { describeApp, request } from "../testing.ts"
import { decodeBody } from "../testing-client.ts"

/** The SPA's public files as the build copies them: the manifest, icons and service worker. */
const webDist = join(import.meta.dirname, "..", "..", "web", "public")

/** A PNG's width and height, from its header. */
const pngSize = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset)
  return `${view.getUint32(16)}x${view.getUint32(20)}`
}

/** The parts of the web app manifest this test reads; the manifest is a file, not an API answer. */
const Manifest = Schema.Struct({
  name: Schema.String,
  start_url: Schema.String,
  display: Schema.String,
  icons: Schema.Array(
    Schema.Struct({
      src: Schema.String,
      sizes: Schema.String,
      type: Schema.String,
      purpose: Schema.String,
    }),
  ),
})

describeApp({ config: { webDist } })("an installable app", (it) => {
  it.effect(
    "has a manifest whose icons are there, at the sizes it says, one of them maskable",
    () =>
      Effect.gen(function* () {
        const answer = yield* request("/manifest.webmanifest")
        expect(answer.status).toBe(200)
        expect(answer.headers.get("content-type")).toBe("application/manifest+json")
        const manifest = decodeBody(Manifest, answer)
        expect(manifest).toMatchObject({
          name: "Melody Studio",
          start_url: "/",
          display: "standalone",
        })
        expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true)
        const sizes = new Set<string>()
        for (const icon of manifest.icons) {
          const file = yield* request(icon.src)
          expect(file.status, icon.src).toBe(200)
          expect(file.headers.get("content-type")).toBe(icon.type)
          if (icon.type === "image/png") {
            expect(pngSize(file.bytes)).toBe(icon.sizes)
            sizes.add(icon.sizes)
          }
        }
        expect(sizes).toEqual(new Set(["192x192", "512x512"]))
      }),
  )

  it.effect(
    "has a service worker, checked on every visit so a release reaches installed apps",
    () =>
      Effect.gen(function* () {
        const worker = yield* request("/sw.js")
        expect(worker.status).toBe(200)
        expect(worker.headers.get("content-type")).toBe("text/javascript; charset=utf-8")
        expect(worker.headers.get("cache-control")).toBe("no-cache")
      }),
  )
})
