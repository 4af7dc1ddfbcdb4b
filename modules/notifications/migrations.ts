import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Migrations } from "#events/store/index.ts"

/** The notifications module's private table: each person's unsubscribe link per topic, never events. */
export const notificationMigrations: Migrations = {
  "1_unsubscribe_links": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`create schema if not exists notifications`
    yield* sql`
      create table notifications.unsubscribe_links (
        token text primary key,
        user_id text not null,
        topic text not null,
        unique (user_id, topic)
      )`
  }),
}
