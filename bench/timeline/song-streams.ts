import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import type pg from "pg"
import { Actors } from "#events/contracts/actor.ts"
import { catalogStreams, SongSaved } from "#events/contracts/catalog.ts"
import { EventStore, EventStoreLive, toNewEvent } from "#events/store/index.ts"
import { pgClientLayer } from "#events/store/pg-client.ts"
import { EventWakeups } from "#events/store/wakeups.ts"

const encode = toNewEvent(SongSaved)

/**
 * The catalog's streams of the seeded songs `songIds`, as saving them would have written: what a play or
 * a like is decided on. The read models have the songs already, so their projections change nothing.
 */
export const saveSongStreams = async (
  db: pg.Pool,
  databaseUrl: string,
  songIds: ReadonlyArray<string>,
) => {
  const { rows } = await db.query<{
    song_id: string
    owner_id: string
    title: string
    style: string
    lyrics: string
    duration_ms: number
  }>(
    `select song_id, owner_id, title, style, lyrics, duration_ms from timeline_songs
      where song_id = any($1::text[])`,
    [songIds],
  )
  const runtime = ManagedRuntime.make(
    EventStoreLive.pipe(
      Layer.provideMerge(EventWakeups.live),
      Layer.provideMerge(pgClientLayer({ url: Redacted.make(databaseUrl) })),
    ),
  )
  await runtime.runPromise(
    Effect.flatMap(EventStore, (store) =>
      Effect.forEach(
        rows,
        (row) =>
          store.append(catalogStreams.song(row.song_id), "no_stream", [
            encode(
              new SongSaved({
                songId: row.song_id,
                userId: row.owner_id,
                title: row.title,
                style: row.style,
                lyrics: row.lyrics,
                audioKey: `songs/${row.song_id}.mp3`,
                imageKey: null,
                sourceImageUrl: null,
                durationMs: row.duration_ms,
                isPublic: true,
                versionId: null,
                generationId: null,
              }),
              { actor: Actors.user(row.owner_id), correlationId: row.song_id },
              crypto.randomUUID(),
            ),
          ]),
        { concurrency: 8, discard: true },
      ),
    ),
  )
  await runtime.dispose()
  return rows.length
}
