import { brotliDecompressSync } from "node:zlib"
import { HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { compressed, largestCompressedPerAnswer } from "./compression.ts"

/** JSON of at least `bytes` bytes, as the API writes it. */
const jsonOf = (bytes: number) => {
  const songs: Array<{ id: number; title: string }> = []
  for (let size = 2; size < bytes; size += 20) songs.push({ id: songs.length, title: "Song" })
  return new TextEncoder().encode(JSON.stringify(songs))
}

const answer = (body: Uint8Array) =>
  HttpServerResponse.uint8Array(body, { contentType: "application/json" })

const sent = (body: Uint8Array, acceptEncoding = "br") =>
  Effect.runPromise(compressed(answer(body), acceptEncoding))

const bytesOf = (response: HttpServerResponse.HttpServerResponse) =>
  response.body._tag === "Uint8Array" ? response.body.body : new Uint8Array()

describe("compressed answers", () => {
  it("are compressed off the event loop: it turns while they are", async () => {
    const body = jsonOf(150 * 1024)
    let turns = 0
    let waiting = true
    const turn = () => {
      turns += 1
      if (waiting) setImmediate(turn)
    }
    setImmediate(turn)
    const response = await sent(body)
    waiting = false
    expect(response.headers["content-encoding"]).toBe("br")
    expect(brotliDecompressSync(bytesOf(response))).toEqual(Buffer.from(body))
    expect(turns).toBeGreaterThan(0)
  })

  it("a large answer made for one request goes as it is", async () => {
    const response = await sent(jsonOf(largestCompressedPerAnswer + 64 * 1024))
    expect(response.headers["content-encoding"]).toBeUndefined()
    expect(response.headers.vary).toBe("Accept-Encoding")
  })

  it("an answer handed out again is compressed once in each encoding and kept", async () => {
    const body = jsonOf(largestCompressedPerAnswer * 2)
    // Its first time it goes as it is; from then on, one copy per encoding.
    expect((await sent(body)).headers["content-encoding"]).toBeUndefined()
    const [first, second] = [await sent(body), await sent(body)]
    expect(first.headers["content-encoding"]).toBe("br")
    expect(bytesOf(second)).toBe(bytesOf(first))
    expect(brotliDecompressSync(bytesOf(first))).toEqual(Buffer.from(body))
    const gzipped = [await sent(body, "gzip"), await sent(body, "gzip")]
    expect(gzipped[0]!.headers["content-encoding"]).toBe("gzip")
    expect(bytesOf(gzipped[1]!)).toBe(bytesOf(gzipped[0]!))
  })

  it("a small one is not worth it, and a client that takes neither gets the bytes", async () => {
    expect((await sent(jsonOf(500))).headers["content-encoding"]).toBeUndefined()
    expect((await sent(jsonOf(4096), "identity")).headers["content-encoding"]).toBeUndefined()
  })
})
