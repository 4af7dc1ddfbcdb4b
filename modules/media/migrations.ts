import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Migrations } from "#events/store/index.ts"

/**
 * Media's own tables: the generations and video exports still running, with the last time a worker was
 * seen on each. One not seen for a while lost its worker (a crash, `kill -9`) and is taken up again.
 */
export const mediaMigrations: Migrations = {
  "1_media": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`create schema if not exists media`
    yield* sql`
      create table media.running_generations (
        generation_id text primary key,
        seen_at timestamptz not null default now()
      )`
  }),
  "2_media_running_videos": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      create table media.running_videos (
        job_id text primary key,
        user_id text not null,
        seen_at timestamptz not null default now()
      )`
  }),
}
