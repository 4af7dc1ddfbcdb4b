import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Migrations } from "#events/store/index.ts"

/**
 * Media's own tables: which song each video export was made of, so a deleted song's videos go with it.
 * (Running work is watched by the job worker for every job: toolkit/stalled-jobs.ts.)
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
  "4_media_running_work_watched_by_jobs": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`drop table media.running_generations`
    yield* sql`drop table media.running_videos`
  }),
}
