import { readdir, readFile, writeFile } from "node:fs/promises"
import { extname, join } from "node:path"
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"
import type { Plugin } from "vite"

const compressible = new Set([".html", ".js", ".css", ".json", ".svg", ".webmanifest", ".txt"])
const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

const filesUnder = async (dir: string): Promise<Array<string>> =>
  (await readdir(dir, { withFileTypes: true, recursive: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))

/**
 * Writes a brotli (`.br`, best quality) and a gzip (`.gz`) copy beside every built text file over 1 KB,
 * once, when the build ends: the server sends the copy a browser accepts (app/http/static-files.ts)
 * instead of compressing the same bytes for every visitor.
 */
export const precompress = (): Plugin => {
  let outDir = ""
  return {
    name: "melody-precompress",
    apply: "build",
    configResolved: (config) => {
      outDir = join(config.root, config.build.outDir)
    },
    closeBundle: async () => {
      const files = (await filesUnder(outDir)).filter((file) => compressible.has(extname(file)))
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file)
          if (bytes.length < 1024) return
          const quality = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }
          await writeFile(`${file}.br`, await brotli(bytes, quality))
          await writeFile(`${file}.gz`, await gzipped(bytes, { level: 9 }))
        }),
      )
    },
  }
}
