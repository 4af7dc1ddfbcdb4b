import { mkdtemp, readFile, rm } from "node:fs/promises"
import { builtinModules } from "node:module"
import { join } from "node:path"
import { expect, it } from "vitest"
import { bundleServer } from "./server-bundle.ts"

/** The package an import names: `@scope/name` or `name`, without a path inside it. */
const packageOf = (path: string) =>
  path.startsWith("@") ? path.split("/").slice(0, 2).join("/") : path.split("/")[0]!

const builtin = (path: string) => path.startsWith("node:") || builtinModules.includes(path)

it("imports only production packages at run time, optional ones only where it asks for them", async () => {
  const outdir = await mkdtemp(join("node_modules", ".cache", "melody-bundle-check-"))
  try {
    const metafile = await bundleServer(outdir)
    const manifest = JSON.parse(await readFile("package.json", "utf8")) as {
      dependencies: Record<string, string>
      optionalDependencies: Record<string, string>
    }
    const imports = Object.values(metafile.outputs).flatMap((output) =>
      output.imports.filter((found) => found.external && !builtin(found.path)),
    )
    const outside = imports
      .map((found) => ({ name: packageOf(found.path), kind: found.kind }))
      .filter(
        ({ name, kind }) =>
          !(name in manifest.dependencies) &&
          !(name in manifest.optionalDependencies && kind === "dynamic-import"),
      )
    expect(imports.length).toBeGreaterThan(20)
    expect(outside).toEqual([])
  } finally {
    await rm(outdir, { recursive: true, force: true })
  }
})
