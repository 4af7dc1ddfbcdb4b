import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { CatalogEvent, catalogEventTypes, type SongSaved } from "#events/contracts/catalog.ts"
import { UserRegistered } from "#events/contracts/identity.ts"
import { decodeAll, type RecordedEvent } from "#events/store/index.ts"
import { insertRows } from "../insert-rows.ts"

/** The events the song read models follow: the catalog's, and registrations for creators' names. */
export const songFactTypes = [...catalogEventTypes, "UserRegistered"]

const decode = decodeAll(Schema.Union(CatalogEvent, UserRegistered))

/**
 * A batch of song facts folded for set-based writes: what a batch ends with per song and per like, and
 * how much each song's like count moved. Order within the batch is kept where it matters (the last word
 * on a song's visibility or a like wins); a like event only exists when it changed something, so counts
 * move by exactly one each.
 */
export interface SongFacts {
  readonly creators: ReadonlyMap<string, string>
  readonly saved: ReadonlyArray<{ readonly song: SongSaved; readonly at: Date }>
  readonly visibility: ReadonlyMap<string, boolean>
  /** Whether others may download each song's parts, as the batch leaves it. */
  readonly partsSharing: ReadonlyMap<string, boolean>
  readonly likeDeltas: ReadonlyMap<string, number>
  /** Plays counted per song: they change no song's place in a list, so they touch none. */
  readonly playDeltas: ReadonlyMap<string, number>
  /** How each song's likes (less unlikes) and plays moved per day (UTC, `YYYY-MM-DD`). */
  readonly daily: ReadonlyArray<DayOfSong>
  readonly likes: ReadonlyArray<{
    readonly songId: string
    readonly userId: string
    readonly liked: boolean
  }>
  /** Songs their owners deleted: gone with their likes. */
  readonly deleted: ReadonlySet<string>
  /** Every song the batch touches. */
  readonly touched: ReadonlySet<string>
}

/** One song's day: how many likes (less unlikes) and plays it had. */
export interface DayOfSong {
  readonly songId: string
  readonly day: string
  readonly likes: number
  readonly plays: number
}

export const readSongFacts = (events: ReadonlyArray<RecordedEvent>) =>
  Effect.map(decode(events), (history): SongFacts => {
    const creators = new Map<string, string>()
    const saved: Array<{ song: SongSaved; at: Date }> = []
    const visibility = new Map<string, boolean>()
    const partsSharing = new Map<string, boolean>()
    const likeDeltas = new Map<string, number>()
    const playDeltas = new Map<string, number>()
    const daily = new Map<string, DayOfSong>()
    const countDay = (songId: string, at: Date, likes: number, plays: number) => {
      const day = at.toISOString().slice(0, 10)
      const key = `${songId}\u0000${day}`
      const counted = daily.get(key) ?? { songId, day, likes: 0, plays: 0 }
      daily.set(key, { ...counted, likes: counted.likes + likes, plays: counted.plays + plays })
    }
    const likes = new Map<string, { songId: string; userId: string; liked: boolean }>()
    const touched = new Set<string>()
    const deleted = new Set<string>()
    for (const { event, recordedAt } of history) {
      switch (event._tag) {
        case "UserRegistered":
          creators.set(event.userId, event.username)
          break
        case "SongSaved":
          saved.push({ song: event, at: recordedAt })
          touched.add(event.songId)
          break
        case "SongMadePublic":
        case "SongMadePrivate":
          visibility.set(event.songId, event._tag === "SongMadePublic")
          touched.add(event.songId)
          break
        case "SongPartsShared":
        case "SongPartsUnshared":
          partsSharing.set(event.songId, event._tag === "SongPartsShared")
          break
        case "SongDeleted":
          deleted.add(event.songId)
          touched.add(event.songId)
          break
        case "SongLiked":
        case "SongUnliked": {
          const liked = event._tag === "SongLiked"
          likeDeltas.set(event.songId, (likeDeltas.get(event.songId) ?? 0) + (liked ? 1 : -1))
          countDay(event.songId, recordedAt, liked ? 1 : -1, 0)
          likes.set(`${event.songId}\u0000${event.userId}`, {
            songId: event.songId,
            userId: event.userId,
            liked,
          })
          touched.add(event.songId)
          break
        }
        case "SongPlayed":
          playDeltas.set(event.songId, (playDeltas.get(event.songId) ?? 0) + 1)
          countDay(event.songId, event.playedAt, 0, 1)
          break
      }
    }
    return {
      creators,
      saved,
      visibility,
      partsSharing,
      likeDeltas,
      playDeltas,
      daily: [...daily.values()],
      likes: [...likes.values()],
      deleted,
      touched,
    }
  })

/** The tables a song read model keeps in the shape both song projections share. */
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
    tags jsonb not null default '{}'
  )`,
  `create table if not exists ${t.likes} (
    song_id text not null,
    user_id text not null,
    primary key (song_id, user_id)
  )`,
  `create index if not exists ${t.likes}_by_user on ${t.likes} (user_id)`,
  `create table if not exists ${t.creators} (user_id text primary key, username text not null)`,
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
    if (facts.visibility.size > 0) {
      yield* sql.unsafe(
        `update ${t.songs} s set is_public = v.is_public
           from unnest($1::text[], $2::boolean[]) as v(song_id, is_public) where s.song_id = v.song_id`,
        [[...facts.visibility.keys()], [...facts.visibility.values()]],
      )
    }
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
