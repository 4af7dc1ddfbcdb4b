import { Context, Effect, Layer } from "effect"
import { v7 as uuidv7 } from "uuid"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { type ContentRefused, NotFound } from "#api/refusals.ts"
import { PlaylistEvent, playlistStream } from "#events/contracts/playlists.ts"
import { runCommand, type Writes } from "#events/handle-command.ts"
import { ContentChecks } from "#toolkit/content-checks/index.ts"
import {
  type NewPlaylistPayload,
  PlaylistChanged,
  PlaylistCreatedAnswer,
  PlaylistFullRefusal,
  type PlaylistTextPayload,
} from "./api.ts"
import { maxPlaylistSongs, type PlaylistCommand, playlist } from "./playlist.ts"
import { makeSongVisibility } from "./song-visibility.ts"

const unknownPlaylist = new NotFound({
  message: "This playlist does not exist, or it is not yours to change.",
})
const unknownSong = new NotFound({ message: "This song does not exist, or it is private." })

/** What a person reads for each of the decider's refusals a person can meet. */
const answerTo = {
  PlaylistNotFound: unknownPlaylist,
  PlaylistFull: new PlaylistFullRefusal({
    message: `A playlist holds at most ${maxPlaylistSongs.toLocaleString("en")} songs.`,
  }),
  OrderMismatch: new PlaylistChanged({
    message: "This playlist changed meanwhile: reload it and order it again.",
  }),
}

type Refusal = Exclude<keyof typeof answerTo, "PlaylistNotFound">

/** What others read of a playlist, checked before it is saved. */
const playlistText = (text: { readonly name: string; readonly description: string }) => [
  { field: "name", label: "The playlist's name", text: text.name },
  { field: "description", label: "The description", text: text.description },
]

/** A command on a playlist someone already made: which one, and who asks. */
type Change =
  Exclude<PlaylistCommand, { _tag: "CreatePlaylist" }> extends infer C
    ? C extends PlaylistCommand
      ? Omit<C, "playlistId" | "userId">
      : never
    : never

/** Making and keeping playlists; every change is its owner's. */
export class Playlists extends Context.Tag("@melody/playlists/Playlists")<
  Playlists,
  {
    readonly create: (
      user: SignedInUser,
      payload: typeof NewPlaylistPayload.Type,
    ) => Writes<PlaylistCreatedAnswer, NotFound | ContentRefused>
    readonly edit: (
      user: SignedInUser,
      playlistId: string,
      text: typeof PlaylistTextPayload.Type,
    ) => Writes<void, NotFound | ContentRefused>
    readonly setPrivacy: (
      user: SignedInUser,
      playlistId: string,
      isPublic: boolean,
    ) => Writes<void, NotFound>
    readonly addSong: (
      user: SignedInUser,
      playlistId: string,
      songId: string,
    ) => Writes<void, NotFound | PlaylistFullRefusal>
    readonly removeSong: (
      user: SignedInUser,
      playlistId: string,
      songId: string,
    ) => Writes<void, NotFound>
    readonly reorder: (
      user: SignedInUser,
      playlistId: string,
      songIds: ReadonlyArray<string>,
    ) => Writes<void, NotFound | PlaylistChanged>
    readonly delete: (user: SignedInUser, playlistId: string) => Writes<void, NotFound>
  }
>() {
  static readonly live = Layer.effect(
    Playlists,
    Effect.gen(function* () {
      const mayAdd = yield* makeSongVisibility
      const checks = yield* ContentChecks

      /**
       * Runs `command`, refused as the person reads it: an unknown playlist always may be, and the other
       * refusals named for it; any other is a defect (a new playlist's id is never taken).
       */
      const run = <R extends Refusal = never>(
        user: SignedInUser,
        playlistId: string,
        command: PlaylistCommand,
        ...refusals: ReadonlyArray<R>
      ) =>
        runCommand({
          decider: playlist,
          events: PlaylistEvent,
          streamId: playlistStream(playlistId),
          command,
          actor: actorOf(user),
        }).pipe(
          Effect.asVoid,
          Effect.catchAll((refusal) => {
            const tag: string = refusal._tag
            return tag === "PlaylistNotFound" || refusals.some((allowed) => allowed === tag)
              ? Effect.fail(answerTo[tag as R | "PlaylistNotFound"])
              : Effect.die(refusal)
          }),
        )

      const change = <R extends Refusal = never>(
        user: SignedInUser,
        playlistId: string,
        command: Change,
        ...refusals: ReadonlyArray<R>
      ) =>
        run(
          user,
          playlistId,
          { ...command, playlistId, userId: user.userId } as PlaylistCommand,
          ...refusals,
        )

      const songYouMaySee = (user: SignedInUser, songId: string) =>
        Effect.flatMap(mayAdd(songId, user.userId), (visible) =>
          visible ? Effect.void : Effect.fail(unknownSong),
        )

      return Playlists.of({
        create: Effect.fn("Playlists.create")(function* (user, payload) {
          if (payload.songId !== undefined) yield* songYouMaySee(user, payload.songId)
          yield* checks.check(playlistText(payload))
          const playlistId = uuidv7()
          yield* run(user, playlistId, {
            _tag: "CreatePlaylist",
            playlistId,
            ownerId: user.userId,
            name: payload.name,
            description: payload.description,
            isPublic: payload.isPublic,
          })
          if (payload.songId !== undefined)
            yield* change(user, playlistId, { _tag: "AddSong", songId: payload.songId })
          return new PlaylistCreatedAnswer({ id: playlistId })
        }),
        edit: (user, playlistId, text) =>
          Effect.zipRight(
            checks.check(playlistText(text)),
            change(user, playlistId, { _tag: "EditPlaylist", ...text }),
          ),
        setPrivacy: (user, playlistId, isPublic) =>
          change(user, playlistId, { _tag: "SetPlaylistPrivacy", isPublic }),
        addSong: (user, playlistId, songId) =>
          Effect.zipRight(
            songYouMaySee(user, songId),
            change(user, playlistId, { _tag: "AddSong", songId }, "PlaylistFull"),
          ),
        removeSong: (user, playlistId, songId) =>
          change(user, playlistId, { _tag: "RemoveSong", songId }),
        reorder: (user, playlistId, songIds) =>
          change(user, playlistId, { _tag: "ReorderSongs", songIds }, "OrderMismatch"),
        delete: (user, playlistId) => change(user, playlistId, { _tag: "DeletePlaylist" }),
      })
    }),
  )
}
