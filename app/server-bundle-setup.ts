import { mkdir, mkdtemp, rm } from "node:fs/promises"
import { join } from "node:path"
import type { TestProject } from "vitest/node"
import { bundleServer } from "./server-bundle.ts"

declare module "vitest" {
  export interface ProvidedContext {
    serverBundle: string
  }
}

/**
 * Vitest global setup: the server bundled once for the run, from the source as it is now. Tests that start
 * servers and command lines as processes start these, as an operator's image does (testing-servers.ts).
 */
export default async function setup(project: TestProject) {
  // Inside the project, where the bundle finds its packages in node_modules.
  await mkdir("node_modules/.cache", { recursive: true })
  const folder = await mkdtemp(join("node_modules/.cache", "melody-server-"))
  await bundleServer(folder)
  project.provide("serverBundle", folder)
  return () => rm(folder, { recursive: true, force: true })
}
