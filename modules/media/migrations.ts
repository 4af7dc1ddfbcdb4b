import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Migrations } from "#events/store/index.ts"

/**
 * Media's own tables: the generations and video exports still running, with the last time a worker was
 * seen on each (one not seen for a while lost its worker, a crash or `kill -9`, and is taken up again);
 * and which song each video export was made of, so a deleted song's videos go with it.
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
  "3_media_song_videos": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      create table media.song_videos (
        job_id text primary key,
        song_id text not null,
        song_deleted boolean not null default false
      )`
    yield* sql`create index song_videos_by_song on media.song_videos (song_id)`
  }),
}
