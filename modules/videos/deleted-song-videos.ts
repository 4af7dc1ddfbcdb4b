import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { SongDeleted } from "#events/contracts/catalog.ts"
import { VideoExportCompleted, VideoExportRequested } from "#events/contracts/video-exports.ts"
import { decodeAll, type Subscription } from "#events/store/index.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { videoKeyOf } from "./video-render-job.ts"

const decode = decodeAll(Schema.Union(VideoExportRequested, VideoExportCompleted, SongDeleted))

/**
 * A deleted song's videos leave the store too, whoever made them: each export is remembered with its song
 * as it is asked for; a deletion removes the videos made so far, and a video finished after its song was
 * deleted is removed as it arrives. Removing a file that is not there is no error, so a replay is harmless.
 */
export const removeDeletedSongVideos: Subscription<FileStorage | SqlClient.SqlClient> = {
  name: "media:remove-deleted-song-videos",
  types: ["VideoExportRequested", "VideoExportCompleted", "SongDeleted"],
  onPoison: "pause",
  handle: (events) =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const storage = yield* FileStorage
      for (const { event } of yield* decode(events)) {
        switch (event._tag) {
          case "VideoExportRequested":
            yield* sql`insert into videos.song_videos (job_id, song_id)
                       values (${event.jobId}, ${event.songId}) on conflict do nothing`
            break
          case "SongDeleted": {
            const made = yield* sql<{ job_id: string }>`
              update videos.song_videos set song_deleted = true
              where song_id = ${event.songId} returning job_id`
            for (const { job_id } of made) yield* storage.remove(videoKeyOf(job_id))
            break
          }
          case "VideoExportCompleted": {
            const orphaned = yield* sql`
              select 1 from videos.song_videos where job_id = ${event.jobId} and song_deleted`
            if (orphaned.length > 0) yield* storage.remove(event.videoKey)
            break
          }
        }
      }
    }).pipe(Effect.orDie),
}
