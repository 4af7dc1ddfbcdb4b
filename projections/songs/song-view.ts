import { songPaths } from "#modules/catalog/api-song-paths.ts"
import { SongView } from "./api.ts"
import type { SongRow } from "./song-rows.ts"

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
      plays: row.plays,
      comments: row.comments,
      midiUrl: row.midi ? songPaths.midi(row.songId) : null,
      partsShared: row.partsShared,
      lrcUrl: row.syncedLyrics ? songPaths.lrc(row.songId) : null,
      creator: { username: row.creator },
      hidden: row.hidden,
    },
    true,
  )
