import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Song } from "./song.ts"
import type { SongAccess } from "./song-access.ts"
import { songIdOfVersion } from "./song-ids.ts"

/** A song its owner still has, from its stream, with when its version was made. */
export interface OwnedSong {
  readonly song: NonNullable<Song>
  readonly createdAt: Date
}

/**
 * The songs a person saved and still has, newest first: their versions (`catalog.versions`, the only
 * way a song is saved) whose song streams say saved by them and not deleted. `generationId` narrows it
 * to one generation's versions.
 */
export const makeOwnedSongs = (loadSong: SongAccess["loadSong"]) =>
  Effect.map(
    SqlClient.SqlClient,
    (sql) => (userId: string, generationId?: string) =>
      Effect.gen(function* () {
        const versions = yield* sql<{ version_id: string; created_at: Date }>`
          select version_id, created_at from catalog.versions
           where user_id = ${userId}
             ${generationId === undefined ? sql`` : sql`and generation_id = ${generationId}`}
           order by created_at desc, version_id`.pipe(Effect.orDie)
        const songs = yield* Effect.forEach(
          versions,
          (version) =>
            Effect.map(loadSong(songIdOfVersion(version.version_id)), (song) =>
              song !== null && !song.deleted && song.userId === userId
                ? [{ song, createdAt: version.created_at }]
                : [],
            ),
          { concurrency: 8 },
        )
        return songs.flat()
      }),
  )
