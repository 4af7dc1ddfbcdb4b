import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import type { RecordedEvent } from "#events/store/index.ts"
import { LiveNotice } from "./api.ts"
import { noticesOf, noticeTypes } from "./notices.ts"

const recorded = (
  type: string,
  data: object = { userId: "u1", paymentId: "cs_1" },
): RecordedEvent => ({
  globalPosition: 1,
  transactionId: "1",
  streamId: "credit-account-u1",
  streamVersion: 1,
  eventId: "e1",
  type,
  schemaVersion: 1,
  data,
  metadata: {},
  recordedAt: new Date(),
})

describe("live notices", () => {
  it("a refund or a dispute tells the person's open pages that their credits changed", () => {
    for (const type of ["PaymentRefunded", "PaymentDisputed", "PaymentDisputeClosed"]) {
      expect(noticesOf(recorded(type))).toEqual([{ userId: "u1", notice: { kind: "credits" } }])
    }
  })

  it("a follow tells the creator; a comment tells the song's owner and the author answered, never its writer", () => {
    const told = (type: string, data: object) =>
      noticesOf(recorded(type, data)).map((sent) => [sent.userId, sent.notice.kind])
    expect(told("CreatorFollowed", { followerId: "fan", creatorId: "maker" })).toEqual([
      ["maker", "notifications"],
    ])
    const comment = { commentId: "c", songId: "s", text: "Hi", parentId: null }
    const posted = (authorId: string, songOwnerId: string, parentAuthorId: string | null) =>
      told("CommentPosted", { ...comment, authorId, songOwnerId, parentAuthorId })
    expect(posted("fan", "maker", null)).toEqual([["maker", "notifications"]])
    expect(posted("maker", "maker", null)).toEqual([])
    expect(posted("third", "maker", "fan")).toEqual([
      ["maker", "notifications"],
      ["fan", "notifications"],
    ])
    expect(posted("maker", "maker", "fan")).toEqual([["fan", "notifications"]])
    expect(posted("fan", "maker", "fan")).toEqual([["maker", "notifications"]])
  })

  it("every notice, as the stream writes it, is one the page reads (LiveNotice)", () => {
    const readNotice = Schema.decodeUnknownSync(Schema.parseJson(LiveNotice))
    for (const type of noticeTypes) {
      const made = noticesOf(
        recorded(type, {
          userId: "u1",
          generationId: "g1",
          jobId: "j1",
          paymentId: "cs_1",
          creatorId: "u2",
          authorId: "u3",
          songOwnerId: "u4",
          parentAuthorId: null,
        }),
      )
      expect(made.length).toBe(1)
      expect(readNotice(JSON.stringify(made[0]!.notice))).toEqual(made[0]!.notice)
    }
    expect(() => readNotice(JSON.stringify({ kind: "video" }))).toThrow()
  })
})
