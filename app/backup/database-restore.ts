import { createHash } from "node:crypto"
import { createReadStream } from "node:fs"
import { join } from "node:path"
import { pipeline } from "node:stream/promises"
import { createGunzip } from "node:zlib"
import type pg from "pg"
import { from as copyFrom } from "pg-copy-streams"
import { migrationsOf } from "./database-dump.ts"
import type { Manifest } from "./manifest.ts"
import { quoted, tablesOf } from "./tables.ts"

/** Why a restore did not start; nothing was written. */
export class RestoreRefused extends Error {}

const checksumOf = async (path: string) => {
  const hash = createHash("sha256")
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest("hex")
}

/** Refuses a backup that does not fit this database: changed files, other code, a database in use. */
const check = async (client: pg.ClientBase, folder: string, manifest: Manifest) => {
  for (const table of manifest.tables) {
    const sum = await checksumOf(join(folder, table.file)).catch(() => "missing")
    if (sum !== table.sha256) {
      throw new RestoreRefused(
        `${table.file} is ${sum === "missing" ? "missing" : "not the file the backup wrote"}.`,
      )
    }
  }
  const { rows } = await client.query<{ count: number }>(
    "select count(*)::int as count from events",
  )
  if (rows[0]!.count > 0) {
    throw new RestoreRefused(
      `The database already holds ${rows[0]!.count} events: a backup restores into an empty database.`,
    )
  }
  const tables = new Set((await tablesOf(client)).map((table) => table.name))
  const here = await migrationsOf(client, [...tables])
  const differs = (name: string) =>
    JSON.stringify(here[name] ?? []) !== JSON.stringify(manifest.migrations[name] ?? [])
  const changed = [...new Set([...Object.keys(here), ...Object.keys(manifest.migrations)])].filter(
    differs,
  )
  const absent = manifest.tables.filter((table) => !tables.has(table.name))
  if (changed.length > 0 || absent.length > 0) {
    throw new RestoreRefused(
      `The backup was taken by another release of Melody Studio (${[...changed, ...absent.map((t) => t.name)].join(", ")} differ): restore it with that release, then upgrade.`,
    )
  }
}

/** Every identity or serial column's sequence moved past the rows restored. */
const advanceSequences = async (client: pg.ClientBase) => {
  const { rows } = await client.query<{ name: string; column: string }>(
    `select format('%I.%I', table_schema, table_name) as name, column_name as column
       from information_schema.columns
      where table_schema not in ('pg_catalog', 'information_schema')
        and (is_identity = 'YES' or column_default like 'nextval(%')`,
  )
  for (const { name, column } of rows) {
    const c = client.escapeIdentifier(column)
    await client.query(
      `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${c}), 1), max(${c}) is not null) from ${name}`,
      [name, column],
    )
  }
}

/**
 * A backup's tables into this database, which the migrations made and nothing has written to yet: all
 * in one transaction, each table checked against its checksum first and its row count after. What the
 * start-up wrote (checkpoints, job kinds) is replaced by the backup's; then `finish` runs.
 */
export const restoreDatabase = async (
  pool: pg.Pool,
  folder: string,
  manifest: Manifest,
  /** Each owner's statements for what it keeps that names this cluster (portable-history.ts). */
  finish: ReadonlyArray<string>,
) => {
  const client = await pool.connect()
  try {
    await client.query("begin")
    await check(client, folder, manifest)
    await client.query(`truncate ${manifest.tables.map((t) => quoted(client, t.name)).join(", ")}`)
    for (const table of manifest.tables) {
      const columns = table.columns.map((c) => client.escapeIdentifier(c)).join(", ")
      const rows = client.query(
        copyFrom(`copy ${quoted(client, table.name)} (${columns}) from stdin`),
      )
      await pipeline(createReadStream(join(folder, table.file)), createGunzip(), rows).catch(
        (error) => {
          throw new Error(`Restoring ${table.name} failed: ${(error as Error).message}`)
        },
      )
      if (rows.rowCount !== table.rows) {
        throw new Error(
          `Restoring ${table.name} wrote ${rows.rowCount} rows, the backup holds ${table.rows}.`,
        )
      }
    }
    for (const statement of finish) await client.query(statement)
    await advanceSequences(client)
    await client.query("commit")
  } catch (error) {
    await client.query("rollback").catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}
