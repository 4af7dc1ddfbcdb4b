import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { NotFound } from "#api/refusals.ts"
import type { EventStore, EventWakeups } from "#events/store/index.ts"
import { songPaths } from "#modules/catalog/api-song-paths.ts"
import { makeOwnWritesWait } from "../own-writes.ts"
import { songRowSelect } from "../songs/song-columns.ts"
import type { SongRow } from "../songs/song-rows.ts"
import { toView } from "../songs/song-view.ts"
import { PlaylistPage, PlaylistSummary } from "./api.ts"
import { playlistSongTables, playlists } from "./projection.ts"

const unknownPlaylist = new NotFound({ message: "This playlist does not exist, or it is private." })
const unknownCreator = new NotFound({ message: "This creator does not exist." })

/** The most playlists a list of them shows. */
const playlistsPerList = 200

/** A song in a list is shown to a viewer while it is public, and to its owner always. */
const seenBy = (viewerParam: string) => `(s.is_public or s.owner_id = ${viewerParam})`

/** The summary columns of playlist `p`, as `viewerParam` sees its songs, and whether it holds `songParam`. */
const summarySelect = (viewerParam: string, songParam: string) => `
  p.playlist_id as id, p.name, p.chosen_public as "isPublic",
  (select count(*)::int from playlist_entries e join ${playlistSongTables.songs} s using (song_id)
    where e.playlist_id = p.playlist_id and ${seenBy(viewerParam)}) as songs,
  array(select s.song_id from playlist_entries e join ${playlistSongTables.songs} s using (song_id)
    where e.playlist_id = p.playlist_id and ${seenBy(viewerParam)} and s.image_key is not null
    order by e.position limit 4) as covers,
  exists (select 1 from playlist_entries e where e.playlist_id = p.playlist_id and e.song_id = ${songParam})
    as "hasSong"
  from playlists p`

interface SummaryRow {
  readonly id: string
  readonly name: string
  readonly isPublic: boolean
  readonly songs: number
  readonly covers: ReadonlyArray<string>
  readonly hasSong: boolean
}

const toSummary = (row: SummaryRow) =>
  new PlaylistSummary({ ...row, covers: row.covers.map(songPaths.cover) }, true)

/** Playlists as the playlists read model answers them (see projection.ts), after this process's own writes. */
export class PlaylistReads extends Context.Tag("@melody/projections/PlaylistReads")<
  PlaylistReads,
  {
    readonly playlist: (
      playlistId: string,
      viewerId: string | undefined,
    ) => Effect.Effect<PlaylistPage, NotFound>
    /** The viewer's own, last changed first, each saying whether it holds `songId`. */
    readonly mine: (
      viewerId: string,
      songId: string | undefined,
    ) => Effect.Effect<ReadonlyArray<PlaylistSummary>>
    /** A creator's public playlists, last changed first, counting their public songs. */
    readonly ofCreator: (
      username: string,
    ) => Effect.Effect<ReadonlyArray<PlaylistSummary>, NotFound>
    /** How many public playlists hold a public song: those a sitemap lists. */
    readonly listedPlaylistCount: Effect.Effect<number>
    /** Those playlists, `limit` of them from `offset` in a fixed order, with when each last changed. */
    readonly listedPlaylists: (
      offset: number,
      limit: number,
    ) => Effect.Effect<ReadonlyArray<{ readonly playlistId: string; readonly changedAt: Date }>>
  }
>() {
  static readonly live = Layer.effect(
    PlaylistReads,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const context = yield* Effect.context<SqlClient.SqlClient | EventWakeups | EventStore>()
      const ownWrites = yield* makeOwnWritesWait([playlists])
      const read = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) =>
        Effect.zipRight(ownWrites, Effect.provide(effect, context))

      const summaries = (where: string, params: ReadonlyArray<unknown>) =>
        sql
          .unsafe<SummaryRow>(
            `select ${summarySelect("$1", "$2")} where ${where}
              order by p.changed_at desc, p.playlist_id limit ${playlistsPerList}`,
            params,
          )
          .pipe(
            Effect.map((rows) => rows.map(toSummary)),
            Effect.orDie,
          )

      const playlist = (playlistId: string, viewerId: string | undefined) =>
        Effect.gen(function* () {
          const viewer = viewerId ?? ""
          const [list] = yield* sql<{
            name: string
            description: string
            isPublic: boolean
            shown: boolean
            hidden: string | null
            ownerId: string
            owner: string
            createdAt: Date
            changedAt: Date
          }>`
            select p.name, p.description, p.chosen_public as "isPublic", p.is_public as shown,
                   p.hidden ->> 'reason' as hidden, p.owner_id as "ownerId",
                   c.username as owner, p.created_at as "createdAt", p.changed_at as "changedAt"
              from playlists p join ${sql(playlistSongTables.creators)} c on c.user_id = p.owner_id
             where p.playlist_id = ${playlistId}`
          if (list === undefined || (!list.shown && list.ownerId !== viewer)) {
            return yield* unknownPlaylist
          }
          const rows = yield* sql.unsafe<SongRow>(
            `select ${songRowSelect(playlistSongTables, "$2")}
               join playlist_entries e on e.song_id = s.song_id
              where e.playlist_id = $1 and ${seenBy("$2")}
              order by e.position`,
            [playlistId, viewer],
          )
          const songs = rows.map(toView)
          return new PlaylistPage(
            {
              id: playlistId,
              name: list.name,
              description: list.description,
              isPublic: list.isPublic,
              owner: { username: list.owner },
              isYours: list.ownerId === viewer,
              createdAt: list.createdAt,
              changedAt: list.changedAt,
              songs,
              covers: songs.flatMap((song) => (song.imageUrl ? [song.imageUrl] : [])).slice(0, 4),
              hidden: list.hidden,
            },
            true,
          )
        }).pipe(Effect.catchTag("SqlError", Effect.die))

      const listed = `from playlists p where p.is_public and exists (
          select 1 from playlist_entries e join ${playlistSongTables.songs} s using (song_id)
           where e.playlist_id = p.playlist_id and s.is_public)`

      return PlaylistReads.of({
        listedPlaylistCount: read(
          sql.unsafe<{ count: number }>(`select count(*)::int as count ${listed}`).pipe(
            Effect.map(([row]) => row?.count ?? 0),
            Effect.orDie,
          ),
        ),
        listedPlaylists: (offset, limit) =>
          read(
            sql
              .unsafe<{ playlistId: string; changedAt: Date }>(
                `select p.playlist_id as "playlistId", p.changed_at as "changedAt" ${listed}
                  order by p.playlist_id offset $1 limit $2`,
                [offset, limit],
              )
              .pipe(Effect.orDie),
          ),
        playlist: (playlistId, viewerId) => read(playlist(playlistId, viewerId)),
        mine: (viewerId, songId) => read(summaries("p.owner_id = $1", [viewerId, songId ?? ""])),
        ofCreator: (username) =>
          read(
            Effect.gen(function* () {
              const [creator] = yield* sql<{ userId: string }>`
                select user_id as "userId" from ${sql(playlistSongTables.creators)}
                 where lower(username) = lower(${username})`
              if (creator === undefined) return yield* unknownCreator
              return yield* summaries("p.owner_id = $3 and p.is_public", ["", "", creator.userId])
            }).pipe(Effect.catchTag("SqlError", Effect.die)),
          ),
      })
    }),
  )
}
