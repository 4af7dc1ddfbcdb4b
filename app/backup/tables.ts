import type pg from "pg"

/** A table a backup holds: its name as `schema.table` and the columns it writes, generated ones left out. */
export interface BackedUpTable {
  readonly name: string
  readonly columns: ReadonlyArray<string>
}

/** Every table of the database but PostgreSQL's own, each after the tables its foreign keys name. */
export const tablesOf = async (client: pg.ClientBase): Promise<ReadonlyArray<BackedUpTable>> => {
  const { rows: columns } = await client.query<{ name: string; column: string }>(
    `select format('%s.%s', n.nspname, c.relname) as name, a.attname as column
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by n.nspname, c.relname, a.attnum`,
  )
  const { rows: references } = await client.query<{ name: string; named: string }>(
    `select format('%s.%s', cn.nspname, c.relname) as name, format('%s.%s', fn.nspname, f.relname) as named
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
       join pg_class f on f.oid = k.confrelid join pg_namespace fn on fn.oid = f.relnamespace
      where k.contype = 'f' and k.conrelid <> k.confrelid`,
  )
  const tables = new Map<string, Array<string>>()
  for (const { name, column } of columns) tables.set(name, [...(tables.get(name) ?? []), column])
  const ordered: Array<BackedUpTable> = []
  const placed = new Set<string>()
  const place = (name: string, path: ReadonlySet<string>) => {
    if (placed.has(name) || path.has(name) || !tables.has(name)) return
    for (const reference of references) {
      if (reference.name === name) place(reference.named, new Set([...path, name]))
    }
    placed.add(name)
    ordered.push({ name, columns: tables.get(name)! })
  }
  for (const name of tables.keys()) place(name, new Set())
  return ordered
}

/** `schema.table` quoted for SQL. */
export const quoted = (client: pg.ClientBase, name: string) =>
  name
    .split(".")
    .map((part) => client.escapeIdentifier(part))
    .join(".")
