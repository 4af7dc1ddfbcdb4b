import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { runMigrations } from "#events/store/index.ts"
import { describeWithDatabase, query } from "#events/testing.ts"
import { videosMigrations } from "./migrations.ts"

describeWithDatabase()("videos' schema", (it) => {
  it.effect(
    "takes over a database's media.song_videos, rows and index, and leaves no media schema",
    () =>
      Effect.gen(function* () {
        // The shape a database has from when videos were part of a media module.
        yield* query("create schema media")
        yield* query(`create table media.song_videos (
        job_id text primary key, song_id text not null, song_deleted boolean not null default false)`)
        yield* query("create index song_videos_by_song on media.song_videos (song_id)")
        yield* query("insert into media.song_videos (job_id, song_id) values ('job-1', 'song-1')")

        yield* runMigrations("videos", videosMigrations).pipe(Effect.orDie)

        expect(
          yield* query("select job_id, song_id, song_deleted from videos.song_videos"),
        ).toEqual([{ job_id: "job-1", song_id: "song-1", song_deleted: false }])
        expect(
          yield* query(
            "select indexname from pg_indexes where tablename = 'song_videos' and schemaname = 'videos'",
          ),
        ).toContainEqual({ indexname: "song_videos_by_song" })
        expect(yield* query("select 1 from pg_namespace where nspname = 'media'")).toEqual([])
      }),
  )

  it.effect("creates the table on a database that never had one", () =>
    Effect.gen(function* () {
      yield* query("drop schema videos cascade")
      yield* query("drop table videos_migrations")
      yield* runMigrations("videos", videosMigrations).pipe(Effect.orDie)
      expect(yield* query("select * from videos.song_videos")).toEqual([])
    }),
  )
})
