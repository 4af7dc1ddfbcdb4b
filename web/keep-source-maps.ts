import { mkdir, readdir, rename, rm } from "node:fs/promises"
import { join, relative } from "node:path"
import type { Plugin } from "vite"

/**
 * Moves the build's source maps out of what the server serves into `dir`, where the server reads them to
 * show a browser error's stack with the source's file names and lines (app/http/browser-stacks.ts). The
 * build writes them `hidden`, so no built file names its map.
 */
export const keepSourceMaps = (dir: string): Plugin => {
  let outDir = ""
  return {
    name: "melody-keep-source-maps",
    apply: "build",
    configResolved: (config) => {
      outDir = join(config.root, config.build.outDir)
    },
    closeBundle: async () => {
      await rm(dir, { recursive: true, force: true })
      const maps = (await readdir(outDir, { withFileTypes: true, recursive: true })).filter(
        (entry) => entry.isFile() && entry.name.endsWith(".map"),
      )
      for (const map of maps) {
        const from = join(map.parentPath, map.name)
        const to = join(dir, relative(outDir, from))
        await mkdir(join(to, ".."), { recursive: true })
        await rename(from, to)
      }
    },
  }
}
