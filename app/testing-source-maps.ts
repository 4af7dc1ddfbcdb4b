import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { buildSync } from "esbuild"

/**
 * A built file as the SPA's build makes it, minified with its source map kept in a folder of its own:
 * `at` is the file name and line:column, in the built file, of the `throw` the source has on line 3.
 */
export const builtWithMap = (file = "boom-1a2b3c.js") => {
  const dir = mkdtempSync(join(tmpdir(), "melody-maps-"))
  const result = buildSync({
    stdin: {
      contents:
        "export const ready = 1\nexport function boom(times: number) {\n  if (times > 1) throw new Error('boom')\n  return times\n}\n",
      loader: "ts",
      sourcefile: "../../src/lib/boom.ts",
    },
    minify: true,
    sourcemap: "external",
    write: false,
    outfile: join(dir, "assets", file),
    format: "esm",
  })
  const js = result.outputFiles.find((f) => f.path.endsWith(".js"))!.text
  const map = result.outputFiles.find((f) => f.path.endsWith(".map"))!.text
  mkdirSync(join(dir, "assets"))
  writeFileSync(join(dir, "assets", `${file}.map`), map)
  return { dir, at: `${file}:1:${js.indexOf("throw") + 1}` }
}
