import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import type { SourceFile } from "./architecture.ts"

const roots = [
  "api",
  "events",
  "toolkit",
  "modules",
  "stand-ins",
  "projections",
  "app",
  "bench",
  "web/src",
  "web/e2e",
]

/** Every TypeScript file of the project, with paths relative to its root. */
export const projectSources = (root: string): ReadonlyArray<SourceFile> => {
  const files: Array<SourceFile> = []
  const walk = (dir: string) => {
    let entries: ReadonlyArray<import("node:fs").Dirent>
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== "dist") walk(path)
      } else if (/\.tsx?$/.test(entry.name)) {
        files.push({
          path: relative(root, join(root, path)),
          text: readFileSync(join(root, path), "utf8"),
        })
      }
    }
  }
  for (const dir of roots) walk(dir)
  return files
}
