import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Migrations } from "#events/store/index.ts"

/**
 * Videos' own table: which song each video export was made of, so a deleted song's videos go with it.
 * A database from before videos had their own schema keeps its rows: the table moves, as it is, from the
 * `media` schema, which held nothing else.
 */
export const videosMigrations: Migrations = {
  "1_videos_song_videos": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`create schema if not exists videos`
    const [earlier] = yield* sql<{ found: boolean }>`
      select to_regclass('media.song_videos') is not null as found`
    if (earlier?.found) {
      yield* sql`alter table media.song_videos set schema videos`
      yield* sql`drop schema if exists media`
      return
    }
    yield* sql`
      create table videos.song_videos (
        job_id text primary key,
        song_id text not null,
        song_deleted boolean not null default false
      )`
    yield* sql`create index song_videos_by_song on videos.song_videos (song_id)`
  }),
}
