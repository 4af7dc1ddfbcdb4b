import type pg from "pg"
import { Actors } from "#events/contracts/actor.ts"
import { catalogStreams, SongSaved } from "#events/contracts/catalog.ts"
import { toNewEvent } from "#events/store/index.ts"
import { appendBatches, chunked } from "../support/event-batches.ts"

const encode = toNewEvent(SongSaved)

/** What a saved song says: the fields a seeder chooses, the rest as a finished public song has them. */
export interface SavedSong {
  readonly songId: string
  readonly ownerId: string
  readonly title: string
  readonly style: string
  readonly lyrics: string
  readonly durationMs: number
}

/** The append that saves `song` in the catalog, as saving it would have: its stream's first event. */
export const songSaved = (song: SavedSong) => ({
  streamId: catalogStreams.song(song.songId),
  expected: "no_stream" as const,
  events: [
    encode(
      new SongSaved({
        songId: song.songId,
        userId: song.ownerId,
        title: song.title,
        style: song.style,
        lyrics: song.lyrics,
        audioKey: `songs/${song.songId}.mp3`,
        imageKey: null,
        sourceImageUrl: null,
        durationMs: song.durationMs,
        isPublic: true,
        versionId: null,
        generationId: null,
      }),
      { actor: Actors.user(song.ownerId), correlationId: song.songId },
      crypto.randomUUID(),
    ),
  ],
})

/**
 * The catalog's streams of the seeded songs `songIds`, as saving them would have written: what a play or
 * a like is decided on. The read models have the songs already, so their projections change nothing.
 */
export const saveSongStreams = async (
  db: pg.Pool,
  databaseUrl: string,
  songIds: ReadonlyArray<string>,
) => {
  const { rows } = await db.query<SavedSong>(
    `select song_id as "songId", owner_id as "ownerId", title, style, lyrics,
            duration_ms as "durationMs"
       from timeline_songs where song_id = any($1::text[])`,
    [songIds],
  )
  await appendBatches(databaseUrl, chunked(rows.map(songSaved), 100))
  return rows.length
}
