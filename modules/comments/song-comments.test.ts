import { describe, it } from "vitest"
import { SongCommentsClosed, SongCommentsOpened } from "#events/contracts/comments.ts"
import { given } from "#events/testing.ts"
import { songComments } from "./song-comments.ts"

const songId = "s1"
const closed = new SongCommentsClosed({ songId })
const opened = new SongCommentsOpened({ songId })

describe("a song's comments", () => {
  it("are open until the owner turns them off, and turning off twice records it once", () => {
    given(songComments, []).when({ _tag: "CloseComments", songId }).thenEmits([closed])
    given(songComments, [closed]).when({ _tag: "CloseComments", songId }).thenNothing()
    given(songComments, []).when({ _tag: "OpenComments", songId }).thenNothing()
  })

  it("open again when turned on", () => {
    given(songComments, [closed]).when({ _tag: "OpenComments", songId }).thenEmits([opened])
    given(songComments, [closed, opened])
      .when({ _tag: "CloseComments", songId })
      .thenEmits([closed])
  })
})
