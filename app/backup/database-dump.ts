import { createHash } from "node:crypto"
import { createWriteStream } from "node:fs"
import { join } from "node:path"
import { PassThrough } from "node:stream"
import { pipeline } from "node:stream/promises"
import { createGzip } from "node:zlib"
import type pg from "pg"
import { to as copyTo } from "pg-copy-streams"
import { portableTables } from "#events/store/portable-history.ts"
import type { TableFile } from "./manifest.ts"
import { quoted, tablesOf } from "./tables.ts"

/** A stream that passes its bytes on and adds them to `hash`. */
export const hashing = (hash: ReturnType<typeof createHash>) =>
  new PassThrough({
    transform(chunk, _encoding, done) {
      hash.update(chunk)
      done(null, chunk)
    },
  })

/** Each migrations table's migration ids. */
export const migrationsOf = async (client: pg.ClientBase, tables: ReadonlyArray<string>) => {
  const migrations: Record<string, Array<number>> = {}
  for (const name of tables.filter((table) => table.endsWith("_migrations"))) {
    const { rows } = await client.query<{ id: number }>(
      `select migration_id as id from ${quoted(client, name)} order by migration_id`,
    )
    migrations[name] = rows.map((row) => Number(row.id))
  }
  return migrations
}

/**
 * Every table, as one consistent snapshot (a repeatable-read, read-only transaction), into `folder`:
 * a gzipped COPY file each, with its row count and checksum. The store's tables are written portably
 * (portable-history.ts).
 */
export const dumpDatabase = async (pool: pg.Pool, folder: string) => {
  const client = await pool.connect()
  try {
    await client.query("begin isolation level repeatable read read only")
    const tables = await tablesOf(client)
    const files: Array<TableFile> = []
    for (const table of tables) {
      const portable = portableTables.get(table.name)
      const columns = portable?.columns ?? table.columns
      const query =
        portable?.query ??
        `select ${columns.map((c) => client.escapeIdentifier(c)).join(", ")} from ${quoted(client, table.name)}`
      const file = `${table.name}.copy.gz`
      const hash = createHash("sha256")
      const rows = client.query(copyTo(`copy (${query}) to stdout`))
      await pipeline(rows, createGzip(), hashing(hash), createWriteStream(join(folder, file)))
      files.push({
        name: table.name,
        columns,
        rows: rows.rowCount,
        file,
        sha256: hash.digest("hex"),
      })
    }
    const migrations = await migrationsOf(
      client,
      tables.map((table) => table.name),
    )
    await client.query("commit")
    return { tables: files, migrations }
  } catch (error) {
    await client.query("rollback").catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}
