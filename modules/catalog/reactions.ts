import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { catalogStreams, SongEvent } from "#events/contracts/catalog.ts"
import { SongGenerationSucceeded } from "#events/contracts/media.ts"
import { runCommand } from "#events/handle-command.ts"
import { decodeAll, type EventStore, type Subscription } from "#events/store/index.ts"
import { song } from "./song.ts"
import { songIdOfVersion } from "./song-ids.ts"

const decode = decodeAll(SongGenerationSucceeded)
const actor = Actors.system("catalog")

/**
 * Every version a generation delivers is kept for its owner: remembered as theirs to save (POST
 * /api/songs finds it), and saved at once as a private song, "Title (Version N)", so nothing is lost if
 * the browser closed. Song ids come from the versions, so a replay saves nothing twice.
 */
export const keepGeneratedVersions: Subscription<SqlClient.SqlClient | EventStore> = {
  name: "catalog:keep-generated-versions",
  types: ["SongGenerationSucceeded"],
  onPoison: "pause",
  handle: (events) =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      for (const { event } of yield* decode(events)) {
        for (const version of event.versions) {
          yield* sql`
            insert into catalog.versions (version_id, user_id, generation_id, index, title, style, lyrics,
              audio_key, image_key, source_image_url, duration_ms, origin, midi_key, synced_lyrics_key)
            values (${version.versionId}, ${event.userId}, ${event.generationId}, ${version.index},
              ${event.title}, ${event.style}, ${event.lyrics}, ${version.audioKey}, ${version.imageKey},
              ${version.sourceImageUrl}, ${version.durationMs},
              ${event.origin && JSON.stringify(event.origin)}::jsonb, ${version.midiKey ?? null},
              ${version.syncedLyricsKey ?? null})
            on conflict (version_id) do nothing`
          const songId = songIdOfVersion(version.versionId)
          yield* runCommand({
            decider: song,
            events: SongEvent,
            streamId: catalogStreams.song(songId),
            command: {
              _tag: "SaveSong",
              song: {
                songId,
                userId: event.userId,
                title: `${event.title} (Version ${version.index})`,
                style: event.style,
                lyrics: event.lyrics,
                audioKey: version.audioKey,
                imageKey: version.imageKey,
                sourceImageUrl: version.sourceImageUrl,
                durationMs: version.durationMs,
                isPublic: false,
                versionId: version.versionId,
                generationId: event.generationId,
                origin: event.origin,
                midiKey: version.midiKey ?? null,
                syncedLyricsKey: version.syncedLyricsKey ?? null,
              },
            },
            actor,
          }).pipe(
            Effect.catchTag("AlreadySaved", () => Effect.void),
            Effect.orDie,
          )
        }
      }
    }),
}

/** The catalog's reactions to other modules' events. */
export const catalogReactions = [keepGeneratedVersions] as const
