import { isTest, type SourceFile, type Violation } from "./architecture.ts"

/**
 * Rule 10 of app/architecture.ts, on SQL rather than imports: a module's SQL names only its own tables
 * (its schema) and no projection's.
 */

/** A table a module makes, with its schema if named: `create table billing.receipts`. */
const tableCreation = /\bcreate table (?:if not exists )?(?:([a-z_]+)\.)?[a-z_]+/gi

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

/**
 * Where a module's SQL names a table outside its own schema (another module's, or one no module owns) or a
 * projection's, or makes a table outside the schema named after it.
 */
export const checkTables = (files: ReadonlyArray<SourceFile>): ReadonlyArray<Violation> => {
  const projected = projectionTables(files)
  const violations: Array<Violation> = []
  for (const file of files) {
    const owner = file.path.match(/^modules\/([^/]+)\//)?.[1]
    if (owner === undefined || isTest(file.path)) continue
    for (const [, first, second] of file.text.matchAll(tableUse)) {
      const schema = second === undefined ? undefined : first!.toLowerCase()
      const table = (second ?? first!).toLowerCase()
      if (schema !== undefined && schema !== owner) {
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
    for (const [, schema] of file.text.matchAll(tableCreation)) {
      if (schema?.toLowerCase() !== owner) {
        violations.push({
          file: file.path,
          specifier: schema ?? "(no schema)",
          rule: "a module's tables live in its own schema, named after it",
        })
      }
    }
  }
  return violations
}
