import { execFileSync } from "node:child_process"
import { writeFileSync } from "node:fs"
import { Arbitrary, Either, FastCheck, Schema } from "effect"
import { afterEach, describe, expect, it, vi } from "vitest"
import { MelodyApi } from "#app/api.ts"
import { contractReads, routeOf } from "./contract-routes.ts"
import { ReadRefused, readPublic } from "./public-read.ts"
import { publicRoutes } from "./public-routes.ts"
import { decodeWire } from "./wire-shape.ts"

/** The reads a public page makes before it is usable: what public-routes.ts holds. */
const publicReads = [
  "identity.session",
  "songs.song",
  "catalog.syncedLyrics",
  "catalog.waveform",
  "songs.publicSongs",
  "songs.newestSongs",
  "creators.creator",
  "creators.creatorSongs",
  "playlistReads.playlist",
  "playlistReads.creatorPlaylists",
] as const

const reads = contractReads(MelodyApi, publicReads)
const fromContract = Object.fromEntries([...reads].map(([name, read]) => [name, routeOf(read)]))
const regenerate = "WRITE_PUBLIC_ROUTES=1 npx vitest run web/src/lib/public-routes.test.ts"

/**
 * The routes' JSON with each large shape they repeat (a song, in every list of songs) written once as a
 * constant and named where it recurs: the first load carries it once.
 */
const hoisted = (json: string) => {
  const counts = new Map<string, number>()
  const visit = (value: unknown) => {
    if (typeof value !== "object" || value === null) return
    const text = JSON.stringify(value)
    if (text.length > 200) counts.set(text, (counts.get(text) ?? 0) + 1)
    for (const inner of Object.values(value)) visit(inner)
  }
  visit(JSON.parse(json))
  const repeated = [...counts]
    .filter(([, count]) => count > 1)
    .map(([text]) => text)
    .toSorted((a, b) => b.length - a.length)
  const shared: Array<string> = []
  let body = json
  for (const text of repeated) {
    if (body.split(text).length < 3) continue
    const name = `shape${shared.length}`
    shared.push(`const ${name} = ${text} as const\n`)
    body = body.split(text).join(name)
  }
  return { shared: shared.join(""), body }
}

if (process.env.WRITE_PUBLIC_ROUTES === "1") {
  const file = new URL("./public-routes.ts", import.meta.url).pathname
  const { shared, body } = hoisted(JSON.stringify(fromContract))
  writeFileSync(
    file,
    `import type { Route } from "./contract-routes.ts"\n\n// Written by public-routes.test.ts from app/api.ts: do not edit, regenerate.\n${shared}export const publicRoutes = ${body} as const satisfies Record<string, Route>\n`,
  )
  execFileSync("npx", ["biome", "format", "--write", file], { stdio: "ignore" })
}

const successSchema = (name: string) => Schema.make(reads.get(name)!.success)

/** Every place in a JSON value, as the keys that lead to it. */
const placesIn = (json: unknown, at: ReadonlyArray<string> = []): Array<ReadonlyArray<string>> =>
  typeof json === "object" && json !== null
    ? [at, ...Object.entries(json).flatMap(([key, value]) => placesIn(value, [...at, key]))]
    : [at]

/** `json` with the value at `place` replaced. */
const replaced = (json: unknown, place: ReadonlyArray<string>, value: unknown): unknown => {
  if (place.length === 0) return value
  const [key = "", ...rest] = place
  const copy = structuredClone(json)
  Reflect.set(Object(copy), key, replaced(Reflect.get(Object(json), key), rest, value))
  return copy
}

const wrongValues = [null, undefined, 0, 1.5, -1, "", "x", "2026-13-45", true, [], {}]

describe("the public reads' routes", () => {
  it("are the contract's", () => {
    expect(JSON.parse(JSON.stringify(publicRoutes)), `out of date: ${regenerate}`).toEqual(
      fromContract,
    )
  })

  // A route decodes the wire as Schema does: what Schema's encoding of any answer writes, read back, is
  // the same answer; and JSON with any one value changed is refused by both or read the same by both.
  for (const name of publicReads) {
    it(`decode ${name} as Schema decodes it`, () => {
      const schema = successSchema(name)
      const shape = publicRoutes[name].success
      const wire = Arbitrary.make(schema).map((answer) =>
        JSON.parse(JSON.stringify(Schema.encodeSync(schema)(answer))),
      )
      FastCheck.assert(
        FastCheck.property(wire, (json) => {
          expect(decodeWire(shape, json)).toEqual(Schema.decodeUnknownSync(schema)(json))
        }),
        { numRuns: 200 },
      )
      FastCheck.assert(
        FastCheck.property(
          wire.chain((json) =>
            FastCheck.tuple(
              FastCheck.constant(json),
              FastCheck.constantFrom(...placesIn(json)),
              FastCheck.constantFrom(...wrongValues),
            ),
          ),
          ([json, place, value]) => {
            const changed = replaced(json, place, value)
            const bySchema = Schema.decodeUnknownEither(schema)(changed)
            const byShape = decodeWire(shape, changed)
            if (Either.isLeft(bySchema)) expect(byShape).toBeUndefined()
            else expect(byShape).toEqual(bySchema.right)
          },
        ),
        { numRuns: 500 },
      )
    })
  }
})

describe("readPublic", () => {
  afterEach(() => vi.unstubAllGlobals())

  const answering = (status: number, body: unknown) => {
    const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify(body), { status }))
    vi.stubGlobal("fetch", fetch)
    return fetch
  }

  it("asks the endpoint's path with its url parameters", async () => {
    const fetch = answering(200, { songs: [], total: 0, snapshot: 3 })
    await expect(
      readPublic("songs.publicSongs", { urlParams: { limit: 20, offset: 40, snapshot: 3 } }),
    ).resolves.toEqual({ songs: [], total: 0, snapshot: 3 })
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/songs/public?limit=20&offset=40&snapshot=3")
    answering(200, { user: null })
    await expect(readPublic("identity.session", {})).resolves.toEqual({ user: null })
  })

  it("refuses as the contract says, and reads nothing else it cannot decode", async () => {
    const fetch = answering(404, { _tag: "NotFound", message: "No such song." })
    const refusal = readPublic("songs.song", { path: { id: "a/b" } })
    await expect(refusal).rejects.toBeInstanceOf(ReadRefused)
    await expect(refusal).rejects.toMatchObject({ _tag: "NotFound", message: "No such song." })
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/songs/a%2Fb")
    answering(200, { user: { id: "u" } })
    await expect(readPublic("identity.session", {})).rejects.toMatchObject({
      _tag: "ApiUnavailable",
    })
    answering(500, { _tag: "InternalError", message: "boom", requestId: "r" })
    await expect(readPublic("identity.session", {})).rejects.toMatchObject({
      _tag: "ApiUnavailable",
    })
  })
})
