import { readFile } from "node:fs/promises"
import { SourceMap, type SourceMapPayload } from "node:module"
import { join } from "node:path"
import { Effect } from "effect"

/**
 * A built file's place in a browser's stack: Chromium's `at f (https://host/assets/index-1a2b.js:1:2345)`
 * and Firefox's and Safari's `f@https://host/assets/index-1a2b.js:1:2345` alike. Only a plain file name
 * is taken, so no stack can make the server read outside the maps' folder.
 */
const builtPlace = /\bhttps?:\/\/[^\s()]+?\/assets\/([\w.-]+\.js):(\d+):(\d+)/g

/** A map's source, as the build names it relative to the map (`../../src/app.tsx`), from the project's web/. */
const sourceName = (source: string) => source.replace(/^(\.\.\/)+/, "").replace(/^\/?web\//, "")

/**
 * Reads browsers' stacks with the build's source maps, kept in `dir` and never served: each place in a
 * built file becomes the source's file, line and column. A stack from another build (an old tab after a
 * release) keeps the places no map of this build knows.
 */
export const browserStacks = (dir: string) => {
  const maps = new Map<string, Promise<SourceMap | undefined>>()
  const mapOf = (file: string) => {
    let map = maps.get(file)
    if (map === undefined) {
      // Only maps that exist are kept: names a stack makes up cost a read, never memory.
      map = readFile(join(dir, "assets", `${file}.map`), "utf8").then(
        (text) => new SourceMap(JSON.parse(text) as SourceMapPayload),
        () => {
          maps.delete(file)
          return undefined
        },
      )
      maps.set(file, map)
    }
    return map
  }
  const read = async (stack: string) => {
    const places = [...stack.matchAll(builtPlace)]
    const found = await Promise.all(places.map((place) => mapOf(place[1]!)))
    let mapped = stack
    places.forEach((place, i) => {
      const entry = found[i]?.findEntry(Number(place[2]) - 1, Number(place[3]) - 1)
      if (entry === undefined || !("originalSource" in entry)) return
      const where = `${sourceName(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`
      mapped = mapped.replace(place[0], where)
    })
    return mapped
  }
  return (stack: string) => Effect.promise(() => read(stack))
}
