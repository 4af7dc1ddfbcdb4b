import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { runCommand } from "#events/handle-command.ts"
import type { EventStore } from "#events/store/index.ts"
import { now } from "#toolkit/clock.ts"
import { SongsDeleted } from "./api.ts"
import { makeOwnedSongs } from "./owned-songs.ts"
import { notFound, type SongAccess, songStream } from "./song-access.ts"

/**
 * Deleting songs: one, or with every other version its generation made that its owner still has. Each is
 * a `SongDeleted` on its own stream, which says who and when; the lists, likes and page forget it, media
 * removes its files, and the credits it cost stay spent.
 */
export const makeSongDeletion = (access: Pick<SongAccess, "loadSong">) =>
  Effect.gen(function* () {
    const ownedSongs = yield* makeOwnedSongs(access.loadSong)
    const context = yield* Effect.context<EventStore | SqlClient.SqlClient>()

    const deleteOne = (user: SignedInUser, songId: string, at: Date) =>
      runCommand({
        ...songStream(songId),
        command: { _tag: "DeleteSong", userId: user.userId, at },
        actor: actorOf(user),
      }).pipe(
        Effect.catchTag("SongNotFound", () => Effect.fail(notFound)),
        Effect.catchTag("AlreadySaved", Effect.die),
      )

    return Effect.fn("Catalog.deleteSongs")(function* (
      user: SignedInUser,
      songId: string,
      allVersions: boolean,
    ) {
      const song = yield* access.loadSong(songId)
      if (song === null || song.deleted || song.userId !== user.userId) return yield* notFound
      const siblings =
        allVersions && song.generationId !== null
          ? (yield* ownedSongs(user.userId, song.generationId))
              .map((owned) => owned.song.songId)
              .filter((id) => id !== songId)
          : []
      const at = yield* now
      const deleted = [songId, ...siblings]
      yield* deleteOne(user, songId, at).pipe(Effect.provide(context))
      for (const sibling of siblings)
        yield* deleteOne(user, sibling, at).pipe(
          Effect.provide(context),
          // Deleted meanwhile by another tab: it is gone either way.
          Effect.catchTag("NotFound", () => Effect.void),
        )
      return new SongsDeleted({ songIds: deleted })
    })
  })
