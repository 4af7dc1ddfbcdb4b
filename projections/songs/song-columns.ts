import type { SongTables } from "./song-tables.ts"

/**
 * The columns of a `SongRow`, named as its fields, for a query over `s` (songs), `c` (creators) and the
 * likes table: its rows are `SongRow`s as they come. Without a viewer, `liked` and `midi` are false and the
 * likes table is not asked.
 */
export const songRowSelect = (t: SongTables, viewerParam: string | undefined) => `
  s.song_id as "songId", s.owner_id as "ownerId", s.title, s.style, s.lyrics, s.image_key as "imageKey",
  s.source_image_url as "sourceImageUrl", s.duration_ms as "durationMs", s.chosen_public as "isPublic", s.is_public as shown, s.hidden ->> 'reason' as hidden,
  s.generation_id as "generationId", s.created_at as "createdAt", s.origin, s.likes, s.plays,
  case when s.comments_open then s.comments else 0 end as comments,
  s.has_synced_lyrics as "syncedLyrics", s.parts_shared as "partsShared", c.username as creator,
  ${likedBy(t, viewerParam)} as liked,
  ${viewerParam === undefined ? "false" : `(s.has_midi and (s.owner_id = ${viewerParam} or (s.is_public and s.parts_shared)))`} as midi
  from ${t.songs} s left join ${t.creators} c on c.user_id = s.owner_id`

const likedBy = (t: SongTables, viewerParam: string | undefined) =>
  viewerParam === undefined
    ? "false"
    : `exists (select 1 from ${t.likes} l where l.song_id = s.song_id and l.user_id = ${viewerParam})`
