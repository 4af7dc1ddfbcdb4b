import { describe, it } from "vitest"
import {
  PlaylistCreated,
  PlaylistDeleted,
  PlaylistEdited,
  PlaylistMadePrivate,
  PlaylistMadePublic,
  PlaylistReordered,
  PlaylistSongAdded,
  PlaylistSongRemoved,
} from "#events/contracts/playlists.ts"
import { given } from "#events/testing.ts"
import { maxPlaylistSongs, playlist } from "./playlist.ts"

const playlistId = "p1"
const owner = { playlistId, userId: "owner" }
const created = new PlaylistCreated({
  playlistId,
  ownerId: "owner",
  name: "Night drive",
  description: "",
  isPublic: true,
})
const added = (songId: string) => new PlaylistSongAdded({ playlistId, songId })

describe("a playlist", () => {
  it("is created once, by the one who will own it", () => {
    const { _tag, ...fields } = created
    given(playlist, [])
      .when({ _tag: "CreatePlaylist", ...fields })
      .thenEmits([created])
    given(playlist, [created])
      .when({ _tag: "CreatePlaylist", ...fields })
      .thenFails("PlaylistExists")
  })

  it("is changed by its owner only, and not once deleted", () => {
    given(playlist, [created])
      .when({ _tag: "AddSong", playlistId, userId: "someone else", songId: "s1" })
      .thenFails("PlaylistNotFound")
    given(playlist, [])
      .when({ _tag: "AddSong", ...owner, songId: "s1" })
      .thenFails("PlaylistNotFound")
    given(playlist, [created, new PlaylistDeleted({ playlistId })])
      .when({ _tag: "EditPlaylist", ...owner, name: "Again", description: "" })
      .thenFails("PlaylistNotFound")
  })

  it("records an edit or a privacy change only when it changes something", () => {
    given(playlist, [created])
      .when({ _tag: "EditPlaylist", ...owner, name: "Night drive", description: "" })
      .thenNothing()
    given(playlist, [created])
      .when({ _tag: "EditPlaylist", ...owner, name: "Dawn", description: "For the way home" })
      .thenEmits([
        new PlaylistEdited({ playlistId, name: "Dawn", description: "For the way home" }),
      ])
    given(playlist, [created])
      .when({ _tag: "SetPlaylistPrivacy", ...owner, isPublic: true })
      .thenNothing()
    given(playlist, [created])
      .when({ _tag: "SetPlaylistPrivacy", ...owner, isPublic: false })
      .thenEmits([new PlaylistMadePrivate({ playlistId })])
    given(playlist, [created, new PlaylistMadePrivate({ playlistId })])
      .when({ _tag: "SetPlaylistPrivacy", ...owner, isPublic: true })
      .thenEmits([new PlaylistMadePublic({ playlistId })])
  })

  it("holds each song once, up to its limit", () => {
    given(playlist, [created])
      .when({ _tag: "AddSong", ...owner, songId: "s1" })
      .thenEmits([added("s1")])
    given(playlist, [created, added("s1")])
      .when({ _tag: "AddSong", ...owner, songId: "s1" })
      .thenNothing()
    const full = Array.from({ length: maxPlaylistSongs }, (_, i) => added(`s${i}`))
    given(playlist, [created, ...full])
      .when({ _tag: "AddSong", ...owner, songId: "one more" })
      .thenFails("PlaylistFull")
    given(playlist, [created, ...full])
      .when({ _tag: "AddSong", ...owner, songId: "s3" })
      .thenNothing()
  })

  it("removes a song it holds, and nothing else", () => {
    given(playlist, [created, added("s1")])
      .when({ _tag: "RemoveSong", ...owner, songId: "s1" })
      .thenEmits([new PlaylistSongRemoved({ playlistId, songId: "s1" })])
    given(playlist, [created, added("s1"), new PlaylistSongRemoved({ playlistId, songId: "s1" })])
      .when({ _tag: "RemoveSong", ...owner, songId: "s1" })
      .thenNothing()
  })

  it("takes a new order only of exactly its songs", () => {
    const three = [created, added("a"), added("b"), added("c")]
    given(playlist, three)
      .when({ _tag: "ReorderSongs", ...owner, songIds: ["c", "a", "b"] })
      .thenEmits([new PlaylistReordered({ playlistId, songIds: ["c", "a", "b"] })])
    given(playlist, three)
      .when({ _tag: "ReorderSongs", ...owner, songIds: ["a", "b", "c"] })
      .thenNothing()
    given(playlist, three)
      .when({ _tag: "ReorderSongs", ...owner, songIds: ["c", "a"] })
      .thenFails("OrderMismatch")
    given(playlist, three)
      .when({ _tag: "ReorderSongs", ...owner, songIds: ["c", "a", "a"] })
      .thenFails("OrderMismatch")
    given(playlist, three)
      .when({ _tag: "ReorderSongs", ...owner, songIds: ["c", "a", "x"] })
      .thenFails("OrderMismatch")
    given(playlist, [...three, new PlaylistReordered({ playlistId, songIds: ["c", "a", "b"] })])
      .when({ _tag: "AddSong", ...owner, songId: "d" })
      .thenEmits([added("d")])
  })
})
