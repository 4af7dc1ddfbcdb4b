import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import type { RecordedEvent } from "#events/store/index.ts"
import { LiveNotice } from "./api.ts"
import { noticeOf, noticeTypes } from "./notices.ts"

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
      expect(noticeOf(recorded(type))).toEqual({ userId: "u1", notice: { kind: "credits" } })
    }
  })

  it("every notice, as the stream writes it, is one the page reads (LiveNotice)", () => {
    const readNotice = Schema.decodeUnknownSync(Schema.parseJson(LiveNotice))
    for (const type of noticeTypes) {
      const made = noticeOf(
        recorded(type, { userId: "u1", generationId: "g1", jobId: "j1", paymentId: "cs_1" }),
      )
      expect(made).toBeDefined()
      expect(readNotice(JSON.stringify(made!.notice))).toEqual(made!.notice)
    }
    expect(() => readNotice(JSON.stringify({ kind: "video" }))).toThrow()
  })
})
