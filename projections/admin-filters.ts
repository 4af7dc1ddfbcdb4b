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
 * The `where` clause and its parameters for `query` over a table with user_id, `kindColumn` and
 * created_at; limit and offset come last, as `$n` and `$n+1`.
 */
export const adminListSql = (query: AdminListQuery, kindColumn: string) => {
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
  const page = `limit $${params.length + 1} offset $${params.length + 2}`
  return { where, page, params, pageParams: [...params, query.limit, query.offset] }
}
