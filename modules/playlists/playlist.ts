import { Data, Either } from "effect"
import {
  PlaylistCreated,
  PlaylistDeleted,
  PlaylistEdited,
  type PlaylistEvent,
  PlaylistMadePrivate,
  PlaylistMadePublic,
  PlaylistReordered,
  PlaylistSongAdded,
  PlaylistSongRemoved,
} from "#events/contracts/playlists.ts"
import type { Decider } from "#events/decider.ts"

/** The most songs one playlist holds. */
export const maxPlaylistSongs = 1000

/** A playlist as its owner keeps it; null before it is created, and again once deleted. */
export type Playlist = {
  readonly ownerId: string
  readonly name: string
  readonly description: string
  readonly isPublic: boolean
  readonly songIds: ReadonlyArray<string>
} | null

/** Which playlist, and who asks: only its owner changes it. */
type Owned = { readonly playlistId: string; readonly userId: string }

export type PlaylistCommand =
  | {
      readonly _tag: "CreatePlaylist"
      readonly playlistId: string
      readonly ownerId: string
      readonly name: string
      readonly description: string
      readonly isPublic: boolean
    }
  | ({ readonly _tag: "EditPlaylist"; readonly name: string; readonly description: string } & Owned)
  | ({ readonly _tag: "SetPlaylistPrivacy"; readonly isPublic: boolean } & Owned)
  | ({ readonly _tag: "AddSong"; readonly songId: string } & Owned)
  | ({ readonly _tag: "RemoveSong"; readonly songId: string } & Owned)
  | ({ readonly _tag: "ReorderSongs"; readonly songIds: ReadonlyArray<string> } & Owned)
  | ({ readonly _tag: "DeletePlaylist" } & Owned)

/** No such playlist, or not the caller's: the same answer, so private playlists stay unseen. */
export class PlaylistNotFound extends Data.TaggedError("PlaylistNotFound") {}
export class PlaylistExists extends Data.TaggedError("PlaylistExists") {}
export class PlaylistFull extends Data.TaggedError("PlaylistFull") {}
/** An order that is not the list's songs, each once: the list changed since the caller read it. */
export class OrderMismatch extends Data.TaggedError("OrderMismatch") {}

export type PlaylistRefusal = PlaylistNotFound | PlaylistExists | PlaylistFull | OrderMismatch

const sameSongs = (order: ReadonlyArray<string>, songIds: ReadonlyArray<string>) => {
  const inList = new Set(songIds)
  return (
    order.length === songIds.length &&
    new Set(order).size === order.length &&
    order.every((id) => inList.has(id))
  )
}

const decideOwned = (
  command: Exclude<PlaylistCommand, { _tag: "CreatePlaylist" }>,
  list: NonNullable<Playlist>,
): Either.Either<ReadonlyArray<PlaylistEvent>, PlaylistRefusal> => {
  const { playlistId } = command
  switch (command._tag) {
    case "EditPlaylist":
      return Either.right(
        command.name === list.name && command.description === list.description
          ? []
          : [
              new PlaylistEdited({
                playlistId,
                name: command.name,
                description: command.description,
              }),
            ],
      )
    case "SetPlaylistPrivacy":
      if (command.isPublic === list.isPublic) return Either.right([])
      return Either.right([
        command.isPublic
          ? new PlaylistMadePublic({ playlistId })
          : new PlaylistMadePrivate({ playlistId }),
      ])
    case "AddSong":
      if (list.songIds.includes(command.songId)) return Either.right([])
      if (list.songIds.length >= maxPlaylistSongs) return Either.left(new PlaylistFull())
      return Either.right([new PlaylistSongAdded({ playlistId, songId: command.songId })])
    case "RemoveSong":
      return Either.right(
        list.songIds.includes(command.songId)
          ? [new PlaylistSongRemoved({ playlistId, songId: command.songId })]
          : [],
      )
    case "ReorderSongs":
      if (!sameSongs(command.songIds, list.songIds)) return Either.left(new OrderMismatch())
      return Either.right(
        command.songIds.every((id, at) => list.songIds[at] === id)
          ? []
          : [new PlaylistReordered({ playlistId, songIds: command.songIds })],
      )
    case "DeletePlaylist":
      return Either.right([new PlaylistDeleted({ playlistId })])
  }
}

export const playlist: Decider<PlaylistCommand, PlaylistEvent, Playlist, PlaylistRefusal> = {
  initialState: null,
  evolve: (state, event) => {
    switch (event._tag) {
      case "PlaylistCreated":
        return {
          ownerId: event.ownerId,
          name: event.name,
          description: event.description,
          isPublic: event.isPublic,
          songIds: [],
        }
      case "PlaylistEdited":
        return state && { ...state, name: event.name, description: event.description }
      case "PlaylistMadePublic":
        return state && { ...state, isPublic: true }
      case "PlaylistMadePrivate":
        return state && { ...state, isPublic: false }
      case "PlaylistSongAdded":
        return state && { ...state, songIds: [...state.songIds, event.songId] }
      case "PlaylistSongRemoved":
        return state && { ...state, songIds: state.songIds.filter((id) => id !== event.songId) }
      case "PlaylistReordered":
        return state && { ...state, songIds: event.songIds }
      case "PlaylistDeleted":
        return null
    }
  },
  decide: (command, state) => {
    if (command._tag === "CreatePlaylist") {
      if (state !== null) return Either.left(new PlaylistExists())
      const { _tag, ...created } = command
      return Either.right([new PlaylistCreated(created)])
    }
    if (state === null || state.ownerId !== command.userId) {
      return Either.left(new PlaylistNotFound())
    }
    return decideOwned(command, state)
  },
}
