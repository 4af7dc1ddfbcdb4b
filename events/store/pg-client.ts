import { PgClient } from "@effect/sql-pg"
import { Duration, Redacted } from "effect"
import pg from "pg"

const int8 = 20

/**
 * A session left idle inside a transaction holds its transaction id, and with it every subscription's
 * read fence in the cluster; PostgreSQL ends such sessions after a minute.
 */
const withSessionSettings = (url: Redacted.Redacted): Redacted.Redacted => {
  const parsed = new URL(Redacted.value(url))
  if (!parsed.searchParams.has("options")) {
    parsed.searchParams.set("options", "-c idle_in_transaction_session_timeout=60000")
  }
  return Redacted.make(parsed.toString())
}

/**
 * The one way we connect to PostgreSQL. bigint columns come back as numbers: positions and counts stay far
 * below 2^53, and xid8 values are always selected as text.
 */
export const pgClientLayer = (options: {
  readonly url: Redacted.Redacted
  readonly maxConnections?: number
  readonly applicationName?: string
}) =>
  PgClient.layer({
    url: withSessionSettings(options.url),
    maxConnections: options.maxConnections ?? 10,
    applicationName: options.applicationName ?? "melody-studio",
    connectTimeout: Duration.seconds(10),
    idleTimeout: Duration.seconds(30),
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === int8
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
    },
  })

export const redactedUrl = (url: string) => Redacted.make(url)
