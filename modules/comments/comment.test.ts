import { describe, it } from "vitest"
import { CommentDeleted, CommentEdited, CommentPosted } from "#events/contracts/comments.ts"
import { given } from "#events/testing.ts"
import { comment } from "./comment.ts"

const ids = { commentId: "c1", songId: "s1" }
const said = {
  ...ids,
  authorId: "fan",
  parentId: null,
  text: "Lovely chorus",
  songOwnerId: "maker",
  parentAuthorId: null,
}
const posted = new CommentPosted(said)
const post = { _tag: "PostComment", ...said } as const

describe("a comment", () => {
  it("is posted once: its id is never taken twice", () => {
    given(comment, []).when(post).thenEmits([posted])
    given(comment, [posted]).when(post).thenFails("CommentExists")
  })

  it("is edited by its author only, and an edit that changes nothing records nothing", () => {
    given(comment, [posted])
      .when({ _tag: "EditComment", userId: "fan", text: "Lovely bridge" })
      .thenEmits([new CommentEdited({ ...ids, text: "Lovely bridge" })])
    given(comment, [posted])
      .when({ _tag: "EditComment", userId: "fan", text: "Lovely chorus" })
      .thenNothing()
    given(comment, [posted])
      .when({ _tag: "EditComment", userId: "stranger", text: "Mine now" })
      .thenFails("NotYourComment")
  })

  it("is deleted by its author or by the song's owner, and by nobody else", () => {
    given(comment, [posted])
      .when({ _tag: "DeleteComment", userId: "fan", songOwnerId: "maker" })
      .thenEmits([new CommentDeleted({ ...ids, by: "author" })])
    given(comment, [posted])
      .when({ _tag: "DeleteComment", userId: "maker", songOwnerId: "maker" })
      .thenEmits([new CommentDeleted({ ...ids, by: "song owner" })])
    given(comment, [posted])
      .when({ _tag: "DeleteComment", userId: "stranger", songOwnerId: "maker" })
      .thenFails("NotYourComment")
  })

  it("once deleted, or never posted, can be neither edited nor deleted", () => {
    const deleted = new CommentDeleted({ ...ids, by: "author" })
    given(comment, [posted, deleted])
      .when({ _tag: "EditComment", userId: "fan", text: "Back again" })
      .thenFails("CommentNotFound")
    given(comment, [posted, deleted])
      .when({ _tag: "DeleteComment", userId: "fan", songOwnerId: "maker" })
      .thenFails("CommentNotFound")
    given(comment, [])
      .when({ _tag: "EditComment", userId: "fan", text: "Hello" })
      .thenFails("CommentNotFound")
  })
})
