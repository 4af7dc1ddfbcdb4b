import { Data, Either } from "effect"
import {
  SongDeleted,
  type SongEvent,
  SongMadePrivate,
  SongMadePublic,
  SongPartsShared,
  SongPartsUnshared,
  SongSaved,
} from "#events/contracts/catalog.ts"
import type { Decider } from "#events/decider.ts"

/**
 * A saved song: who owns it, whether everyone may see it, whether others may download its parts, and
 * whether its owner deleted it.
 */
export type Song =
  | (Omit<SongSaved, "_tag"> & { readonly partsShared?: boolean; readonly deleted?: boolean })
  | null

export type SongCommand =
  | { readonly _tag: "SaveSong"; readonly song: Omit<SongSaved, "_tag"> }
  | { readonly _tag: "SetVisibility"; readonly userId: string; readonly isPublic: boolean }
  | { readonly _tag: "SetPartsSharing"; readonly userId: string; readonly shared: boolean }
  | { readonly _tag: "DeleteSong"; readonly userId: string; readonly at: Date }

/** Nothing here, or nothing this person may see: the same answer, so private songs stay unseen. */
export class SongNotFound extends Data.TaggedError("SongNotFound") {}
export class AlreadySaved extends Data.TaggedError("AlreadySaved") {}

export const song: Decider<SongCommand, SongEvent, Song, SongNotFound | AlreadySaved> = {
  initialState: null,
  evolve: (state, event) => {
    switch (event._tag) {
      case "SongSaved": {
        const { _tag, ...saved } = event
        return saved
      }
      case "SongMadePublic":
        return state && { ...state, isPublic: true }
      case "SongMadePrivate":
        return state && { ...state, isPublic: false }
      case "SongPartsShared":
        return state && { ...state, partsShared: true }
      case "SongPartsUnshared":
        return state && { ...state, partsShared: false }
      case "SongDeleted":
        return state && { ...state, isPublic: false, deleted: true }
    }
  },
  decide: (command, state) => {
    switch (command._tag) {
      case "SaveSong":
        return state === null
          ? Either.right([new SongSaved(command.song)])
          : Either.left(new AlreadySaved())
      case "SetVisibility": {
        if (state === null || state.deleted || state.userId !== command.userId)
          return Either.left(new SongNotFound())
        if (state.isPublic === command.isPublic) return Either.right([])
        const fact = { songId: state.songId, userId: state.userId }
        return Either.right([
          command.isPublic ? new SongMadePublic(fact) : new SongMadePrivate(fact),
        ])
      }
      case "SetPartsSharing": {
        if (state === null || state.deleted || state.userId !== command.userId)
          return Either.left(new SongNotFound())
        if ((state.partsShared ?? false) === command.shared) return Either.right([])
        const fact = { songId: state.songId, userId: state.userId }
        return Either.right([
          command.shared ? new SongPartsShared(fact) : new SongPartsUnshared(fact),
        ])
      }
      case "DeleteSong": {
        if (state === null || state.deleted || state.userId !== command.userId)
          return Either.left(new SongNotFound())
        const files = [state.audioKey, state.imageKey, state.midiKey, state.syncedLyricsKey]
        return Either.right([
          new SongDeleted({
            songId: state.songId,
            userId: command.userId,
            deletedAt: command.at,
            versionId: state.versionId,
            files: files.filter((key): key is string => key !== null),
          }),
        ])
      }
    }
  },
}

/** Whether this person may download the song's parts: its owner, or anyone while it is public and shared. */
export const partsOpenTo = (state: Song, viewerId: string | undefined) =>
  visibleTo(state, viewerId) &&
  viewerId !== undefined &&
  (state.userId === viewerId || (state.isPublic && state.partsShared === true))

/** Whether this person may see the song: its owner always, everyone once it is public; nobody once deleted. */
export const visibleTo = (state: Song, viewerId: string | undefined): state is NonNullable<Song> =>
  state !== null && !state.deleted && (state.isPublic || state.userId === viewerId)
