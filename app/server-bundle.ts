import { copyFile } from "node:fs/promises"
import { join } from "node:path"
import { build } from "esbuild"

/**
 * The server as plain JavaScript: `main.js` (the server), `cli.js` (the command line) and
 * `music-engine/main.js` (the engine's child, which the server starts beside itself), with the files they
 * run beside them. Packages stay in node_modules; only our own TypeScript is bundled, so nothing compiles
 * at run time and a process starts in half the time tsx takes. `more` names other entries to bundle
 * beside them (name: source), which start the engine as the server does. What each file imports is
 * in the answer (esbuild's metafile).
 */
export const bundleServer = async (outdir: string, more: Readonly<Record<string, string>> = {}) => {
  const built = await build({
    entryPoints: {
      main: "app/main.ts",
      cli: "app/cli.ts",
      "music-engine/main": "stand-ins/music-engine/main.ts",
      ...more,
    },
    outdir,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
    metafile: true,
    // Packages written as CommonJS that our code loads with `require` find it as they would under Node.
    banner: {
      js: 'import { createRequire as melodyRequire } from "node:module"; const require = melodyRequire(import.meta.url);',
    },
  })
  // Found beside the bundle, as beside its source (tethered-ffmpeg.ts).
  await copyFile("toolkit/tethered-ffmpeg.sh", join(outdir, "tethered-ffmpeg.sh"))
  return built.metafile
}

/** `node --import tsx app/server-bundle.ts [outdir]`: the bundle in dist/server unless told elsewhere. */
if (process.argv[1]?.endsWith("server-bundle.ts")) {
  await bundleServer(process.argv[2] ?? "dist/server")
}
