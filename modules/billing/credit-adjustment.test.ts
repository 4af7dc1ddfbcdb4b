import { describe, it } from "@effect/vitest"
import {
  AdjustmentApproved,
  AdjustmentRejected,
  AdjustmentRequested,
} from "#events/contracts/credit-adjustments.ts"
import { given } from "#events/testing.ts"
import { creditAdjustment } from "./credit-adjustment.ts"

const adjustmentId = "adj1"
const userId = "u1"

const request = (amount: number) =>
  ({
    _tag: "RequestAdjustment",
    adjustmentId,
    userId,
    amount,
    reason: "Lost credits in an outage",
    ticket: "ZD-12",
    requestedBy: "admin-a",
    approvalAbove: 1000,
  }) as const

const requested = (amount: number, needsApproval: boolean) =>
  new AdjustmentRequested({
    adjustmentId,
    userId,
    amount,
    reason: "Lost credits in an outage",
    ticket: "ZD-12",
    requestedBy: "admin-a",
    needsApproval,
  })
const approved = new AdjustmentApproved({ adjustmentId, userId, approvedBy: "admin-b" })
const rejected = new AdjustmentRejected({
  adjustmentId,
  userId,
  rejectedBy: "admin-b",
  reason: "No outage that day",
})

const approve = (approvedBy: string) => ({ _tag: "ApproveAdjustment", approvedBy }) as const
const reject = {
  _tag: "RejectAdjustment",
  rejectedBy: "admin-b",
  reason: "No outage that day",
} as const

describe("credit adjustment", () => {
  it("at or below the threshold, either way, it applies at once", () => {
    given(creditAdjustment, [])
      .when(request(1000))
      .thenEmits([requested(1000, false)])
    given(creditAdjustment, [])
      .when(request(-1000))
      .thenEmits([requested(-1000, false)])
  })

  it("above the threshold, either way, it waits for approval", () => {
    given(creditAdjustment, [])
      .when(request(1001))
      .thenEmits([requested(1001, true)])
    given(creditAdjustment, [])
      .when(request(-1001))
      .thenEmits([requested(-1001, true)])
  })

  it("a request made again records nothing more", () => {
    given(creditAdjustment, [requested(5000, true)])
      .when(request(5000))
      .thenNothing()
  })

  it("a second admin approves a pending one", () => {
    given(creditAdjustment, [requested(5000, true)])
      .when(approve("admin-b"))
      .thenEmits([approved])
  })

  it("the requesting admin cannot approve their own", () => {
    given(creditAdjustment, [requested(5000, true)])
      .when(approve("admin-a"))
      .thenFails("OwnAdjustment", {
        message: "You requested this adjustment: another admin must approve it.",
      })
  })

  it("an approved, rejected or applied-at-once one cannot be approved or rejected", () => {
    given(creditAdjustment, [requested(5000, true), approved])
      .when(approve("admin-c"))
      .thenFails("AdjustmentSettled")
    given(creditAdjustment, [requested(5000, true), rejected])
      .when(approve("admin-c"))
      .thenFails("AdjustmentSettled", {
        message: "This adjustment was rejected: it cannot be approved.",
      })
    given(creditAdjustment, [requested(10, false)])
      .when(approve("admin-b"))
      .thenFails("AdjustmentSettled")
    given(creditAdjustment, [requested(5000, true), approved])
      .when(reject)
      .thenFails("AdjustmentSettled")
    given(creditAdjustment, [requested(5000, true), rejected])
      .when(reject)
      .thenFails("AdjustmentSettled")
  })

  it("a pending one is rejected with a reason, by anyone, its requester too", () => {
    given(creditAdjustment, [requested(5000, true)])
      .when(reject)
      .thenEmits([rejected])
    given(creditAdjustment, [requested(5000, true)])
      .when({ ...reject, rejectedBy: "admin-a" })
      .thenEmits([new AdjustmentRejected({ ...rejected, rejectedBy: "admin-a" })])
  })

  it("an unknown adjustment is not found", () => {
    given(creditAdjustment, []).when(approve("admin-b")).thenFails("NotFound")
    given(creditAdjustment, []).when(reject).thenFails("NotFound")
  })

  it("an admin's adjustment of their own credits always waits, and its person cannot approve it", () => {
    given(creditAdjustment, [])
      .when({ ...request(10), userId: "admin-a" })
      .thenEmits([new AdjustmentRequested({ ...requested(10, true), userId: "admin-a" })])
    given(creditAdjustment, [
      new AdjustmentRequested({ ...requested(5000, true), userId: "admin-b" }),
    ])
      .when(approve("admin-b"))
      .thenFails("OwnAdjustment", {
        message: "This adjustment is of your own credits: another admin must approve it.",
      })
  })
})
