import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { SongSaved } from "#events/contracts/catalog.ts"
import type { SongOrigin } from "#events/contracts/song-operations.ts"
import { versionIdFromAudioPath } from "#modules/music/api-version-paths.ts"
import { type SaveSongPayload, UnknownAudio } from "./api.ts"
import { songIdOfVersion } from "./song-ids.ts"

/** A generated version as the catalog keeps it (`catalog.versions`), until someone saves it as a song. */
interface VersionRow {
  readonly version_id: string
  readonly generation_id: string
  readonly index: number
  readonly title: string
  readonly style: string
  readonly lyrics: string
  readonly audio_key: string
  readonly image_key: string | null
  readonly source_image_url: string | null
  readonly duration_ms: number
  readonly origin: SongOrigin | null
  readonly midi_key: string | null
  readonly synced_lyrics_key: string | null
}

/**
 * The song a save asks for: the person's own generated version behind the audio address, with the title,
 * style and lyrics they gave (the version's own where they gave none).
 */
export const versionToSave = (userId: string, payload: SaveSongPayload) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const versionId = versionIdFromAudioPath(payload.audioUrl)
    const [version] = versionId
      ? yield* sql<VersionRow>`
          select version_id, generation_id, index, title, style, lyrics, audio_key, image_key,
                 source_image_url, duration_ms, origin, midi_key, synced_lyrics_key
            from catalog.versions where version_id = ${versionId} and user_id = ${userId}`.pipe(
          Effect.orDie,
        )
      : []
    if (!version) {
      return yield* new UnknownAudio({
        message:
          "Songs are saved from versions generated for you here. This audio is not one of them.",
      })
    }
    const saved: Omit<SongSaved, "_tag" | "songId"> = {
      userId,
      title: payload.title,
      style: payload.style || version.style,
      lyrics: payload.lyrics || version.lyrics,
      audioKey: version.audio_key,
      imageKey: version.image_key,
      sourceImageUrl: version.source_image_url,
      durationMs: version.duration_ms,
      isPublic: payload.isPublic,
      versionId: version.version_id,
      generationId: version.generation_id,
      origin: version.origin,
      midiKey: version.midi_key,
      syncedLyricsKey: version.synced_lyrics_key,
    }
    return { songId: songIdOfVersion(version.version_id), saved }
  })
