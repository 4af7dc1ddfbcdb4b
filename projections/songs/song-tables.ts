import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { insertRows } from "../insert-rows.ts"
import {
  keepSuspendedOwnersSongs,
  songsWithheld,
  withheldColumnsSql,
  writeWithheld,
} from "../withheld-columns.ts"
import type { SongFacts } from "./song-facts.ts"

/** The tables a song read model keeps in the shape the song read models share. */
export interface SongTables {
  readonly songs: string
  readonly likes: string
  readonly creators: string
}

export const songTablesSql = (t: SongTables) => [
  `create table if not exists ${t.songs} (
    song_id text primary key,
    owner_id text not null,
    title text not null,
    style text not null,
    lyrics text not null,
    image_key text,
    source_image_url text,
    duration_ms integer not null,
    is_public boolean not null,
    generation_id text,
    created_at timestamptz not null,
    origin jsonb,
    has_midi boolean not null default false,
    has_synced_lyrics boolean not null default false,
    parts_shared boolean not null default false,
    likes integer not null default 0,
    plays integer not null default 0,
    tags jsonb not null default '{}',
    comments integer not null default 0,
    comments_open boolean not null default true
  )`,
  // Comments came after the songs: a table kept from before them gains their columns (no song had any).
  `alter table ${t.songs} add column if not exists comments integer not null default 0`,
  `alter table ${t.songs} add column if not exists comments_open boolean not null default true`,
  `create table if not exists ${t.likes} (
    song_id text not null,
    user_id text not null,
    primary key (song_id, user_id)
  )`,
  `create index if not exists ${t.likes}_by_user on ${t.likes} (user_id)`,
  `create table if not exists ${t.creators} (user_id text primary key, username text not null)`,
  ...withheldColumnsSql(songsWithheld(t)),
]

/** Writes a batch's facts with one statement per kind of fact, whatever the batch's size. */
export const writeSongFacts = (
  t: SongTables,
  facts: SongFacts,
  tagsOf: (style: string) => unknown,
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* insertRows(
      t.creators,
      [
        ["user_id", "text", ([userId]) => userId],
        ["username", "text", ([, username]) => username],
      ],
      [...facts.creators],
      "on conflict (user_id) do update set username = excluded.username",
    )
    yield* insertRows(
      t.songs,
      [
        ["song_id", "text", ({ song }) => song.songId],
        ["owner_id", "text", ({ song }) => song.userId],
        ["title", "text", ({ song }) => song.title],
        ["style", "text", ({ song }) => song.style],
        ["lyrics", "text", ({ song }) => song.lyrics],
        ["image_key", "text", ({ song }) => song.imageKey],
        ["source_image_url", "text", ({ song }) => song.sourceImageUrl],
        ["duration_ms", "int", ({ song }) => song.durationMs],
        ["is_public", "boolean", ({ song }) => song.isPublic],
        ["chosen_public", "boolean", ({ song }) => song.isPublic],
        ["generation_id", "text", ({ song }) => song.generationId],
        ["created_at", "timestamptz", ({ at }) => at],
        ["origin", "jsonb", ({ song }) => song.origin && JSON.stringify(song.origin)],
        ["has_midi", "boolean", ({ song }) => song.midiKey !== null],
        ["has_synced_lyrics", "boolean", ({ song }) => song.syncedLyricsKey !== null],
        ["tags", "jsonb", ({ song }) => JSON.stringify(tagsOf(song.style))],
      ],
      facts.saved,
      "on conflict (song_id) do nothing",
    )
    yield* keepSuspendedOwnersSongs(
      t,
      facts.saved.map(({ song }) => song.songId),
    )
    if (facts.visibility.size > 0) {
      yield* sql.unsafe(
        `update ${t.songs} s set chosen_public = v.chosen, is_public = v.chosen and s.hidden is null
             and not s.owner_suspended
           from unnest($1::text[], $2::boolean[]) as v(song_id, chosen) where s.song_id = v.song_id`,
        [[...facts.visibility.keys()], [...facts.visibility.values()]],
      )
    }
    yield* writeWithheld(songsWithheld(t), facts.moderation)
    if (facts.partsSharing.size > 0) {
      yield* sql.unsafe(
        `update ${t.songs} s set parts_shared = v.shared
           from unnest($1::text[], $2::boolean[]) as v(song_id, shared) where s.song_id = v.song_id`,
        [[...facts.partsSharing.keys()], [...facts.partsSharing.values()]],
      )
    }
    if (facts.playDeltas.size > 0) {
      yield* sql.unsafe(
        `update ${t.songs} s set plays = s.plays + d.delta
           from unnest($1::text[], $2::int[]) as d(song_id, delta) where s.song_id = d.song_id`,
        [[...facts.playDeltas.keys()], [...facts.playDeltas.values()]],
      )
    }
    if (facts.commentDeltas.size > 0) {
      yield* sql.unsafe(
        `update ${t.songs} s set comments = greatest(0, s.comments + d.delta)
           from unnest($1::text[], $2::int[]) as d(song_id, delta) where s.song_id = d.song_id`,
        [[...facts.commentDeltas.keys()], [...facts.commentDeltas.values()]],
      )
    }
    if (facts.commentsOpen.size > 0) {
      yield* sql.unsafe(
        `update ${t.songs} s set comments_open = v.open
           from unnest($1::text[], $2::boolean[]) as v(song_id, open) where s.song_id = v.song_id`,
        [[...facts.commentsOpen.keys()], [...facts.commentsOpen.values()]],
      )
    }
    if (facts.likeDeltas.size > 0) {
      yield* sql.unsafe(
        `update ${t.songs} s set likes = greatest(0, s.likes + d.delta)
           from unnest($1::text[], $2::int[]) as d(song_id, delta) where s.song_id = d.song_id`,
        [[...facts.likeDeltas.keys()], [...facts.likeDeltas.values()]],
      )
      const liked = facts.likes.filter((l) => l.liked)
      const unliked = facts.likes.filter((l) => !l.liked)
      yield* insertRows(
        t.likes,
        [
          ["song_id", "text", (l) => l.songId],
          ["user_id", "text", (l) => l.userId],
        ],
        liked,
        "on conflict do nothing",
      )
      if (unliked.length > 0) {
        yield* sql.unsafe(
          `delete from ${t.likes} l using unnest($1::text[], $2::text[]) as u(song_id, user_id)
            where l.song_id = u.song_id and l.user_id = u.user_id`,
          [unliked.map((l) => l.songId), unliked.map((l) => l.userId)],
        )
      }
    }
    // Last: a song saved, liked and deleted in one batch is gone all the same.
    if (facts.deleted.size > 0) {
      const ids = [...facts.deleted]
      yield* sql.unsafe(`delete from ${t.likes} where song_id = any($1::text[])`, [ids])
      yield* sql.unsafe(`delete from ${t.songs} where song_id = any($1::text[])`, [ids])
    }
  })
