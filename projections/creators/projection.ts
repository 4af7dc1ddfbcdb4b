import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { FollowEvent, ProfileEvent } from "#events/contracts/community.ts"
import { UserRegistered } from "#events/contracts/identity.ts"
import { decodeAll, type RecordedEvent } from "#events/store/index.ts"
import { insertRows } from "../insert-rows.ts"
import type { Projection } from "../runner.ts"
import { readSongFacts, songFactTypes } from "../songs/song-facts.ts"
import { type SongTables, songTablesSql, writeSongFacts } from "../songs/song-tables.ts"
import { blockTypes, createBlockTable, writeBlocks } from "./blocks.ts"

/**
 * Creators as the community sees them: each person's name and follow counts, who follows and who blocks
 * whom and since when, and every song (so a creator's public songs and the songs of the people someone follows are read
 * here, newest first).
 */

export const creatorSongTables: SongTables = {
  songs: "creator_songs",
  likes: "creator_likes",
  creators: "creator_song_names",
}

const peopleTypes = new Set([
  "UserRegistered",
  ...FollowEvent.members.map((m) => m._tag),
  "CreatorProfileEdited",
  "CreatorAvatarChanged",
])
const songTypes = new Set(songFactTypes)
const decodePeople = decodeAll(Schema.Union(UserRegistered, FollowEvent, ProfileEvent))

/** What a batch ends with per pair, and how far each person's counts moved. */
const foldFollows = (history: ReadonlyArray<{ event: FollowEvent; recordedAt: Date }>) => {
  const pairs = new Map<string, { followerId: string; creatorId: string; on: boolean; at: Date }>()
  const followers = new Map<string, number>()
  const following = new Map<string, number>()
  const add = (counts: Map<string, number>, id: string, by: number) =>
    counts.set(id, (counts.get(id) ?? 0) + by)
  for (const { event, recordedAt } of history) {
    // The decider alternates them per pair, so each moves the counts by exactly one.
    const on = event._tag === "CreatorFollowed"
    pairs.set(`${event.followerId}\u0000${event.creatorId}`, {
      followerId: event.followerId,
      creatorId: event.creatorId,
      on,
      at: recordedAt,
    })
    add(followers, event.creatorId, on ? 1 : -1)
    add(following, event.followerId, on ? 1 : -1)
  }
  return { pairs: [...pairs.values()], followers, following }
}

const moveCounts = (column: "followers" | "following", deltas: ReadonlyMap<string, number>) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    deltas.size === 0
      ? Effect.void
      : sql
          .unsafe<never>(
            `update creator_people p set ${column} = p.${column} + d.delta
             from unnest($1::text[], $2::int[]) as d(user_id, delta) where p.user_id = d.user_id`,
            [[...deltas.keys()], [...deltas.values()]],
          )
          .pipe(Effect.asVoid),
  )

const writePeople = (events: ReadonlyArray<RecordedEvent>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const history = yield* decodePeople(events)
    const registered = history.flatMap(({ event, recordedAt }) =>
      event._tag === "UserRegistered" ? [{ event, recordedAt }] : [],
    )
    yield* insertRows(
      "creator_people",
      [
        ["user_id", "text", (r) => r.event.userId],
        ["username", "text", (r) => r.event.username],
        ["name", "text", (r) => r.event.name],
        ["joined_at", "timestamptz", (r) => r.recordedAt],
      ],
      registered,
      "on conflict (user_id) do nothing",
    )
    // The last edit of each creator's page in the batch is what it says.
    const edits = new Map(
      history.flatMap(({ event }) =>
        event._tag === "CreatorProfileEdited" ? [[event.userId, event] as const] : [],
      ),
    )
    if (edits.size > 0) {
      const edited = [...edits.values()]
      yield* sql.unsafe(
        `update creator_people p set name = e.name, bio = e.bio, links = e.links::jsonb
           from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as e(user_id, name, bio, links)
          where p.user_id = e.user_id`,
        [
          edited.map((e) => e.userId),
          edited.map((e) => e.name),
          edited.map((e) => e.bio),
          edited.map((e) => JSON.stringify(e.links)),
        ],
      )
    }
    // The last avatar of each creator in the batch is theirs.
    const avatars = new Map(
      history.flatMap(({ event }) =>
        event._tag === "CreatorAvatarChanged" ? [[event.userId, event.avatarKey] as const] : [],
      ),
    )
    if (avatars.size > 0)
      yield* sql.unsafe(
        `update creator_people p set avatar_key = e.avatar_key
           from unnest($1::text[], $2::text[]) as e(user_id, avatar_key) where p.user_id = e.user_id`,
        [[...avatars.keys()], [...avatars.values()]],
      )
    const follows = foldFollows(
      history.flatMap(({ event, recordedAt }) =>
        event._tag === "CreatorFollowed" || event._tag === "CreatorUnfollowed"
          ? [{ event, recordedAt }]
          : [],
      ),
    )
    const on = follows.pairs.filter((p) => p.on)
    const off = follows.pairs.filter((p) => !p.on)
    yield* insertRows(
      "creator_follows",
      [
        ["follower_id", "text", (p) => p.followerId],
        ["creator_id", "text", (p) => p.creatorId],
        ["followed_at", "timestamptz", (p) => p.at],
      ],
      on,
      "on conflict (follower_id, creator_id) do nothing",
    )
    if (off.length > 0) {
      yield* sql.unsafe(
        `delete from creator_follows f using unnest($1::text[], $2::text[]) as u(follower_id, creator_id)
          where f.follower_id = u.follower_id and f.creator_id = u.creator_id`,
        [off.map((p) => p.followerId), off.map((p) => p.creatorId)],
      )
    }
    yield* moveCounts("followers", follows.followers)
    yield* moveCounts("following", follows.following)
  })

export const creators: Projection = {
  name: "creators",
  revision: 5,
  tables: [
    creatorSongTables.songs,
    creatorSongTables.likes,
    creatorSongTables.creators,
    "creator_people",
    "creator_follows",
    "creator_blocks",
  ],
  types: [...new Set([...songFactTypes, ...peopleTypes, ...blockTypes])],
  onPoison: "skip",
  stamped: true,
  setup: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    for (const statement of songTablesSql(creatorSongTables)) yield* sql.unsafe(statement)
    yield* sql`
      create index if not exists creator_songs_public_by_owner
        on creator_songs (owner_id, created_at desc, song_id desc) where is_public`
    yield* sql`
      create table if not exists creator_people (
        user_id text primary key,
        username text not null,
        name text not null,
        joined_at timestamptz not null,
        bio text not null default '',
        links jsonb not null default '[]',
        avatar_key text,
        followers integer not null default 0,
        following integer not null default 0
      )`
    yield* sql`
      create unique index if not exists creator_people_by_username on creator_people (lower(username))`
    yield* sql`
      create table if not exists creator_follows (
        follower_id text not null,
        creator_id text not null,
        followed_at timestamptz not null,
        primary key (follower_id, creator_id)
      )`
    yield* sql`
      create index if not exists creator_follows_by_creator
        on creator_follows (creator_id, followed_at desc)`
    yield* createBlockTable
  }),
  apply: (events) =>
    Effect.gen(function* () {
      const facts = yield* readSongFacts(events.filter((e) => songTypes.has(e.type)))
      yield* writeSongFacts(creatorSongTables, facts, () => ({}))
      yield* writePeople(events.filter((e) => peopleTypes.has(e.type)))
      yield* writeBlocks(events.filter((e) => blockTypes.includes(e.type)))
    }),
}
