import type { SongOrigin } from "#events/contracts/song-operations.ts"
import type { SongTables } from "./song-facts.ts"
import type { SongRow } from "./song-rows.ts"

/**
 * The columns of a `SongRow`, for a query over `s` (songs), `c` (creators) and the likes table. Without a
 * viewer, `liked` and `midi` are false and the likes table is not asked.
 */
export const songRowSelect = (t: SongTables, viewerParam: string | undefined) => `
  s.song_id, s.owner_id, s.title, s.style, s.lyrics, s.image_key, s.source_image_url, s.duration_ms,
  s.is_public, s.generation_id, s.created_at, s.origin, s.likes, s.has_synced_lyrics, s.parts_shared,
  c.username, ${likedBy(t, viewerParam)} as liked,
  ${viewerParam === undefined ? "false" : `(s.has_midi and (s.owner_id = ${viewerParam} or (s.is_public and s.parts_shared)))`} as midi
  from ${t.songs} s left join ${t.creators} c on c.user_id = s.owner_id`

const likedBy = (t: SongTables, viewerParam: string | undefined) =>
  viewerParam === undefined
    ? "false"
    : `exists (select 1 from ${t.likes} l where l.song_id = s.song_id and l.user_id = ${viewerParam})`

export interface SongRecord {
  readonly song_id: string
  readonly owner_id: string
  readonly title: string
  readonly style: string
  readonly lyrics: string
  readonly image_key: string | null
  readonly source_image_url: string | null
  readonly duration_ms: number
  readonly is_public: boolean
  readonly generation_id: string | null
  readonly created_at: Date
  readonly origin: SongOrigin | null
  readonly likes: number
  readonly username: string | null
  readonly liked: boolean
  readonly midi: boolean
  readonly has_synced_lyrics: boolean
  readonly parts_shared: boolean
}

export const toSongRow = (r: SongRecord): SongRow => ({
  songId: r.song_id,
  ownerId: r.owner_id,
  title: r.title,
  style: r.style,
  lyrics: r.lyrics,
  imageKey: r.image_key,
  sourceImageUrl: r.source_image_url,
  durationMs: r.duration_ms,
  isPublic: r.is_public,
  generationId: r.generation_id,
  createdAt: r.created_at,
  origin: r.origin,
  likes: r.likes,
  liked: r.liked,
  midi: r.midi,
  syncedLyrics: r.has_synced_lyrics,
  partsShared: r.parts_shared,
  creator: r.username,
})
