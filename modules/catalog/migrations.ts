import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Migrations } from "#events/store/index.ts"

/** The catalog's own table: the versions media generated for each person, which they may save. */
export const catalogMigrations: Migrations = {
  "1_catalog": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`create schema if not exists catalog`
    yield* sql`
      create table catalog.versions (
        version_id text primary key,
        user_id text not null,
        generation_id text not null,
        index integer not null,
        title text not null,
        style text not null,
        lyrics text not null,
        audio_key text not null,
        image_key text,
        source_image_url text,
        duration_ms integer not null,
        created_at timestamptz not null default now()
      )`
  }),
  "2_version_origin": Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`alter table catalog.versions add column origin jsonb`,
  ),
  "3_version_midi": Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`alter table catalog.versions add column midi_key text`,
  ),
  "4_version_synced_lyrics": Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`alter table catalog.versions add column synced_lyrics_key text`,
  ),
  "5_visitor_salts": Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`create table catalog.visitor_salts (day date primary key, salt text not null)`,
  ),
}
