import { isTest, type SourceFile, type Violation } from "./architecture.ts"

/**
 * Rule 10 of app/architecture.ts, on SQL rather than imports: a module's SQL names only its own tables
 * (its schema) and no projection's.
 */

const tableUse = /\b(?:from|into|update|join)\s+([a-z_]+)(?:\.([a-z_]+))?/gi

/** The tables the projections create: theirs alone to read. */
const projectionTables = (files: ReadonlyArray<SourceFile>) =>
  new Set(
    files
      .filter((file) => file.path.startsWith("projections/") && !isTest(file.path))
      .flatMap((file) =>
        [...file.text.matchAll(/create table if not exists ([a-z_]+)/gi)].map((m) => m[1]!),
      ),
  )

/** Where a module's SQL names another module's tables (by their schema) or a projection's. */
export const checkTables = (files: ReadonlyArray<SourceFile>): ReadonlyArray<Violation> => {
  const modules = new Set(
    files.flatMap((file) => file.path.match(/^modules\/([^/]+)\//)?.[1] ?? []),
  )
  const projected = projectionTables(files)
  const violations: Array<Violation> = []
  for (const file of files) {
    const owner = file.path.match(/^modules\/([^/]+)\//)?.[1]
    if (owner === undefined || isTest(file.path)) continue
    for (const [, first, second] of file.text.matchAll(tableUse)) {
      const schema = second === undefined ? undefined : first!.toLowerCase()
      const table = (second ?? first!).toLowerCase()
      if (schema !== undefined && modules.has(schema) && schema !== owner) {
        violations.push({
          file: file.path,
          specifier: `${schema}.${table}`,
          rule: "a module's SQL names only its own tables; it learns the rest from events",
        })
      } else if (schema === undefined && projected.has(table)) {
        violations.push({
          file: file.path,
          specifier: table,
          rule: "a module reads a projection only through its contract (api.ts), never its tables",
        })
      }
    }
  }
  return violations
}
