import { describe, expect, it } from "vitest"
import type { RecordedEvent } from "#events/store/index.ts"
import { noticeOf } from "./notices.ts"

const recorded = (type: string): RecordedEvent => ({
  globalPosition: 1,
  transactionId: "1",
  streamId: "credit-account-u1",
  streamVersion: 1,
  eventId: "e1",
  type,
  schemaVersion: 1,
  data: { userId: "u1", paymentId: "cs_1" },
  metadata: {},
  recordedAt: new Date(),
})

describe("live notices", () => {
  it("a refund or a dispute tells the person's open pages that their credits changed", () => {
    for (const type of ["PaymentRefunded", "PaymentDisputed", "PaymentDisputeClosed"]) {
      expect(noticeOf(recorded(type))).toEqual({ userId: "u1", notice: { kind: "credits" } })
    }
  })
})
