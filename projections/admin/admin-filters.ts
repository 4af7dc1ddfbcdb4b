import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** The filters both admin lists take: one person, one kind, a time window; newest first, in pages. */
export interface AdminListQuery {
  readonly limit: number
  readonly offset: number
  readonly userId?: string | undefined
  /** The activity's type, or the error's source. */
  readonly kind?: string | undefined
  readonly from?: Date | undefined
  readonly to?: Date | undefined
}

/**
 * One page of `table` (with user_id, `kindColumn`, created_at and global_position) for `query`, newest
 * first, and how many rows match in all.
 */
export const readAdminPage = <Row extends object>(
  table: string,
  columns: string,
  kindColumn: string,
  query: AdminListQuery,
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const conditions: Array<string> = []
    const params: Array<unknown> = []
    const add = (condition: (placeholder: string) => string, value: unknown) => {
      params.push(value)
      conditions.push(condition(`$${params.length}`))
    }
    if (query.userId) add((p) => `user_id = ${p}`, query.userId)
    if (query.kind) add((p) => `${kindColumn} = ${p}`, query.kind)
    if (query.from) add((p) => `created_at >= ${p}`, query.from)
    if (query.to) add((p) => `created_at < ${p}`, query.to)
    const where = conditions.length > 0 ? `where ${conditions.join(" and ")}` : ""
    const rows = yield* sql.unsafe<Row>(
      `select ${columns} from ${table} ${where} order by global_position desc
        limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, query.limit, query.offset],
    )
    const [count] = yield* sql.unsafe<{ total: string }>(
      `select count(*) as total from ${table} ${where}`,
      params,
    )
    return { rows, total: Number(count?.total ?? 0) }
  }).pipe(Effect.orDie)
