import { v5 as uuidv5 } from "uuid"
import { songPaths } from "#events/contracts/song-paths.ts"
import type { SongRow } from "#events/contracts/song-rows.ts"
import { SongView } from "./api.ts"

/** Fixed: a version's song id is derived from it, so saving a version twice saves one song. */
const songIdNamespace = "6b1f3a52-8c2e-4f7a-9d61-3e5c0b7a2f14"
export const songIdOfVersion = (versionId: string) => uuidv5(versionId, songIdNamespace)

/** Read models hold only what the deciders accepted: no need to validate it again on every read. */
export const toView = (row: SongRow) =>
  new SongView(
    {
      id: row.songId,
      userId: row.ownerId,
      title: row.title,
      audioUrl: songPaths.audio(row.songId),
      streamAudioUrl: songPaths.audio(row.songId),
      imageUrl: row.imageKey ? songPaths.cover(row.songId) : null,
      sourceImageUrl: row.sourceImageUrl,
      duration: row.durationMs,
      isPublic: row.isPublic,
      style: row.style,
      lyrics: row.lyrics,
      createdAt: row.createdAt,
      taskId: row.generationId,
      origin: row.origin,
      likes: row.likes,
      liked: row.liked,
      midiUrl: row.midi ? songPaths.midi(row.songId) : null,
      partsShared: row.partsShared,
      lrcUrl: row.syncedLyrics ? songPaths.lrc(row.songId) : null,
      creator: { username: row.creator },
    },
    true,
  )
