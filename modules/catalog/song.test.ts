import { describe, expect, it } from "@effect/vitest"
import {
  SongLiked,
  SongMadePrivate,
  SongMadePublic,
  SongSaved,
  SongUnliked,
} from "#events/contracts/catalog.ts"
import { fold } from "#events/decider.ts"
import { given } from "#events/testing.ts"
import { like } from "./like.ts"
import { song, visibleTo } from "./song.ts"

const saved = new SongSaved({
  songId: "s1",
  userId: "owner",
  title: "Paper Boats (Version 1)",
  style: "Folk",
  lyrics: "[Verse 1]",
  audioKey: "songs/s1.mp3",
  imageKey: null,
  sourceImageUrl: null,
  durationMs: 180_000,
  isPublic: false,
  versionId: "v1",
  generationId: "g1",
})
const { _tag, ...fields } = saved

describe("a song", () => {
  it("is saved once", () => {
    given(song, []).when({ _tag: "SaveSong", song: fields }).thenEmits([saved])
    given(song, [saved]).when({ _tag: "SaveSong", song: fields }).thenFails("AlreadySaved")
  })

  it("is made public or private by its owner, and only when that changes something", () => {
    given(song, [saved])
      .when({ _tag: "SetVisibility", userId: "owner", isPublic: true })
      .thenEmits([new SongMadePublic({ songId: "s1", userId: "owner" })])
    given(song, [saved, new SongMadePublic({ songId: "s1", userId: "owner" })])
      .when({ _tag: "SetVisibility", userId: "owner", isPublic: false })
      .thenEmits([new SongMadePrivate({ songId: "s1", userId: "owner" })])
    given(song, [saved])
      .when({ _tag: "SetVisibility", userId: "owner", isPublic: false })
      .thenNothing()
  })

  it("is not found by anyone else, nor when it does not exist", () => {
    given(song, [saved])
      .when({ _tag: "SetVisibility", userId: "stranger", isPublic: true })
      .thenFails("SongNotFound")
    given(song, [])
      .when({ _tag: "SetVisibility", userId: "owner", isPublic: true })
      .thenFails("SongNotFound")
  })

  it("is seen by its owner always, by others once public", () => {
    const privately = fold(song, [saved])
    const publicly = fold(song, [saved, new SongMadePublic({ songId: "s1", userId: "owner" })])
    expect(visibleTo(privately, "owner")).toBe(true)
    expect(visibleTo(privately, "stranger")).toBe(false)
    expect(visibleTo(privately, undefined)).toBe(false)
    expect(visibleTo(publicly, "stranger")).toBe(true)
    expect(visibleTo(publicly, undefined)).toBe(true)
    expect(visibleTo(null, "owner")).toBe(false)
  })
})

describe("a like", () => {
  const liked = new SongLiked({ songId: "s1", userId: "fan" })
  it("counts once; unliking counts once; repeating either changes nothing", () => {
    given(like, []).when({ _tag: "Like", songId: "s1", userId: "fan" }).thenEmits([liked])
    given(like, [liked]).when({ _tag: "Like", songId: "s1", userId: "fan" }).thenNothing()
    given(like, [liked])
      .when({ _tag: "Unlike", songId: "s1", userId: "fan" })
      .thenEmits([new SongUnliked({ songId: "s1", userId: "fan" })])
    given(like, []).when({ _tag: "Unlike", songId: "s1", userId: "fan" }).thenNothing()
    given(like, [liked, new SongUnliked({ songId: "s1", userId: "fan" })])
      .when({ _tag: "Unlike", songId: "s1", userId: "fan" })
      .thenNothing()
  })
})
