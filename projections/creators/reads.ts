import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { NotFound } from "#api/refusals.ts"
import type { EventStore, EventWakeups } from "#events/store/index.ts"
import { avatarPath } from "#modules/community/api-avatar-paths.ts"
import { makeOwnWritesWait } from "../own-writes.ts"
import { songRowSelect } from "../songs/song-columns.ts"
import type { SongRow } from "../songs/song-rows.ts"
import { toView } from "../songs/song-view.ts"
import { CreatorProfile, type CreatorSummary, creatorSummaryOf } from "./api.ts"
import { creatorSongTables, creators } from "./projection.ts"

const unknownCreator = new NotFound({ message: "This creator does not exist." })

/** A suspended creator's page is gone with everything they made until the suspension is lifted. */
const notSuspended = `not exists (select 1 from ${creatorSongTables.creators} n
  where n.user_id = p.user_id and n.suspended)`

/** The most songs a creator's page lists, and the most people a list of followers shows. */
const songsPerPage = 100
const peoplePerList = 200

interface ProfileRow {
  readonly user_id: string
  readonly username: string
  readonly name: string
  readonly bio: string
  readonly links: ReadonlyArray<string>
  readonly avatar_key: string | null
  readonly joined_at: Date
  readonly followers: number
  readonly following: number
  readonly songs: number
  readonly likes: number
  readonly plays: number
  readonly followed: boolean
  readonly blocked: boolean
}

/** Creators as the creators read model answers them (see projection.ts). Each read first waits for this process's own writes. */
export class CreatorReads extends Context.Tag("@melody/projections/CreatorReads")<
  CreatorReads,
  {
    readonly profile: (
      username: string,
      viewerId: string | undefined,
    ) => Effect.Effect<CreatorProfile, NotFound>
    /** Their public songs, newest first. */
    readonly songs: (
      username: string,
      viewerId: string | undefined,
    ) => Effect.Effect<ReadonlyArray<ReturnType<typeof toView>>, NotFound>
    readonly followers: (username: string) => Effect.Effect<ReadonlyArray<CreatorSummary>, NotFound>
    readonly following: (username: string) => Effect.Effect<ReadonlyArray<CreatorSummary>, NotFound>
    /** The people `viewerId` blocks, the newest block first. */
    readonly blocked: (viewerId: string) => Effect.Effect<ReadonlyArray<CreatorSummary>>
    /** How many creators have a public song: those a sitemap lists. */
    readonly listedCreatorCount: Effect.Effect<number>
    /** Creators with a public song, by username, `limit` of them from `offset`, with their newest song's time. */
    readonly listedCreators: (
      offset: number,
      limit: number,
    ) => Effect.Effect<ReadonlyArray<{ readonly username: string; readonly lastSong: Date }>>
    /** The public songs of the people `viewerId` follows, newest first. */
    readonly followingSongs: (
      viewerId: string,
      page: { readonly limit: number; readonly offset: number },
    ) => Effect.Effect<ReadonlyArray<ReturnType<typeof toView>>>
  }
>() {
  static readonly live = Layer.effect(
    CreatorReads,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const context = yield* Effect.context<SqlClient.SqlClient | EventWakeups | EventStore>()
      const ownWrites = yield* makeOwnWritesWait([creators])
      const read = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) =>
        Effect.zipRight(ownWrites, Effect.provide(effect, context))

      const idOf = (username: string) =>
        sql<{ user_id: string }>`
          select user_id from creator_people p
           where lower(username) = lower(${username}) and ${sql.literal(notSuspended)}`.pipe(
          Effect.orDie,
          Effect.flatMap(([row]) =>
            row ? Effect.succeed(row.user_id) : Effect.fail(unknownCreator),
          ),
        )

      const people = (username: string, side: "followers" | "following") =>
        read(
          Effect.gen(function* () {
            const userId = yield* idOf(username)
            // Followers are those who follow this creator; following, those this creator follows.
            const [mine, theirs] =
              side === "followers" ? ["creator_id", "follower_id"] : ["follower_id", "creator_id"]
            const rows = yield* sql.unsafe<{
              username: string
              name: string
              avatar_key: string | null
            }>(
              `select p.username, p.name, p.avatar_key from creator_follows f
                 join creator_people p on p.user_id = f.${theirs}
                where f.${mine} = $1 order by f.followed_at desc, p.username limit $2`,
              [userId, peoplePerList],
            )
            return rows.map(creatorSummaryOf)
          }).pipe(Effect.catchTag("SqlError", Effect.die)),
        )

      return CreatorReads.of({
        profile: (username, viewerId) =>
          read(
            sql
              .unsafe<ProfileRow>(
                `select p.user_id, p.username, p.name, p.bio, p.links, p.avatar_key, p.joined_at, p.followers, p.following,
                      (select count(*)::int from creator_songs s where s.owner_id = p.user_id and s.is_public) as songs,
                      (select coalesce(sum(s.likes), 0)::int from creator_songs s
                        where s.owner_id = p.user_id and s.is_public) as likes,
                      (select coalesce(sum(s.plays), 0)::int from creator_songs s
                        where s.owner_id = p.user_id and s.is_public) as plays,
                      exists (select 1 from creator_follows f
                               where f.follower_id = $2 and f.creator_id = p.user_id) as followed,
                      exists (select 1 from creator_blocks b
                               where b.blocker_id = $2 and b.blocked_id = p.user_id) as blocked
                 from creator_people p where lower(p.username) = lower($1) and ${notSuspended}`,
                [username, viewerId ?? ""],
              )
              .pipe(
                Effect.orDie,
                Effect.flatMap(([row]) =>
                  row
                    ? Effect.succeed(
                        new CreatorProfile(
                          {
                            username: row.username,
                            name: row.name,
                            bio: row.bio,
                            links: row.links,
                            avatarUrl: row.avatar_key && avatarPath(row.avatar_key),
                            joinedAt: row.joined_at,
                            followers: row.followers,
                            following: row.following,
                            songs: row.songs,
                            likes: row.likes,
                            plays: row.plays,
                            followedByYou: row.followed,
                            blockedByYou: row.blocked,
                          },
                          true,
                        ),
                      )
                    : Effect.fail(unknownCreator),
                ),
              ),
          ),
        songs: (username, viewerId) =>
          read(
            Effect.flatMap(idOf(username), (userId) =>
              sql
                .unsafe<SongRow>(
                  `select ${songRowSelect(creatorSongTables, "$2")}
                    where s.owner_id = $1 and s.is_public
                    order by s.created_at desc, s.song_id desc limit $3`,
                  [userId, viewerId ?? "", songsPerPage],
                )
                .pipe(
                  Effect.orDie,
                  Effect.map((rows) => rows.map(toView)),
                ),
            ),
          ),
        listedCreatorCount: read(
          sql<{ count: number }>`
            select count(distinct owner_id)::int as count from creator_songs where is_public`.pipe(
            Effect.map(([row]) => row?.count ?? 0),
            Effect.orDie,
          ),
        ),
        listedCreators: (offset, limit) =>
          read(
            sql<{ username: string; lastSong: Date }>`
              select p.username, max(s.created_at) as "lastSong"
                from creator_songs s join creator_people p on p.user_id = s.owner_id
               where s.is_public
               group by p.username order by p.username offset ${offset} limit ${limit}`.pipe(
              Effect.orDie,
            ),
          ),
        blocked: (viewerId) =>
          read(
            sql<{ username: string; name: string; avatar_key: string | null }>`
              select p.username, p.name, p.avatar_key from creator_blocks b
                join creator_people p on p.user_id = b.blocked_id
               where b.blocker_id = ${viewerId} order by b.blocked_at desc, p.username`.pipe(
              Effect.orDie,
              Effect.map((rows) => rows.map(creatorSummaryOf)),
            ),
          ),
        followers: (username) => people(username, "followers"),
        following: (username) => people(username, "following"),
        followingSongs: (viewerId, page) =>
          read(
            sql
              .unsafe<SongRow>(
                `select ${songRowSelect(creatorSongTables, "$1")}
                  where s.is_public
                    and s.owner_id in (select creator_id from creator_follows where follower_id = $1)
                  order by s.created_at desc, s.song_id desc limit $2 offset $3`,
                [viewerId, page.limit, page.offset],
              )
              .pipe(
                Effect.orDie,
                Effect.map((rows) => rows.map(toView)),
              ),
          ),
      })
    }),
  )
}
