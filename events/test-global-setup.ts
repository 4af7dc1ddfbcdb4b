import type { TestProject } from "vitest/node"
import { startTestPostgres } from "./test-postgres.ts"

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string
  }
}

/** Vitest global setup: one PostgreSQL server for the run; each test file makes its own database on it. */
export default async function setup(project: TestProject) {
  const postgres = await startTestPostgres()
  project.provide("adminDatabaseUrl", postgres.adminUrl)
  return postgres.stop
}
