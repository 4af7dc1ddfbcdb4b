import { Either } from "effect"
import { NotFound } from "#api/refusals.ts"
import {
  AdjustmentApproved,
  AdjustmentRejected,
  AdjustmentRequested,
  type CreditAdjustmentEvent,
} from "#events/contracts/credit-adjustments.ts"
import type { Decider } from "#events/decider.ts"
import {
  AdjustmentSettled,
  type OwnAdjustment,
  ownAdjustment,
  ownCredits,
} from "./api-adjustment-refusals.ts"

export type AdjustmentStatus = "pending" | "applied" | "rejected"

/** Null until requested; then the request and where it stands. */
export type CreditAdjustment = {
  readonly request: AdjustmentRequested
  readonly status: AdjustmentStatus
} | null

export type AdjustmentCommand =
  | {
      readonly _tag: "RequestAdjustment"
      readonly adjustmentId: string
      readonly userId: string
      readonly amount: number
      readonly reason: string
      readonly ticket: string | null
      readonly requestedBy: string
      /** Credits, either way, that apply without a second admin. */
      readonly approvalAbove: number
    }
  | { readonly _tag: "ApproveAdjustment"; readonly approvedBy: string }
  | { readonly _tag: "RejectAdjustment"; readonly rejectedBy: string; readonly reason: string }

export type AdjustmentRefusal = NotFound | OwnAdjustment | AdjustmentSettled

type Decision = Either.Either<ReadonlyArray<CreditAdjustmentEvent>, AdjustmentRefusal>

const unknown = new NotFound({ message: "There is no adjustment with this id." })

const settled = (status: AdjustmentStatus, asked: "approved" | "rejected") =>
  new AdjustmentSettled({
    message:
      status === "rejected"
        ? `This adjustment was rejected: it cannot be ${asked}.`
        : `This adjustment is applied already: it cannot be ${asked}. To undo it, request another.`,
  })

const decide = (command: AdjustmentCommand, state: CreditAdjustment): Decision => {
  switch (command._tag) {
    case "RequestAdjustment": {
      if (state !== null) return Either.right([])
      const { approvalAbove, _tag, ...request } = command
      return Either.right([
        new AdjustmentRequested({
          ...request,
          // No admin moves their own credits alone, however few.
          needsApproval:
            Math.abs(command.amount) > approvalAbove || command.userId === command.requestedBy,
        }),
      ])
    }
    case "ApproveAdjustment":
      if (state === null) return Either.left(unknown)
      if (state.status !== "pending") return Either.left(settled(state.status, "approved"))
      if (state.request.requestedBy === command.approvedBy) return Either.left(ownAdjustment)
      if (state.request.userId === command.approvedBy) return Either.left(ownCredits)
      return Either.right([
        new AdjustmentApproved({
          adjustmentId: state.request.adjustmentId,
          userId: state.request.userId,
          approvedBy: command.approvedBy,
        }),
      ])
    case "RejectAdjustment":
      if (state === null) return Either.left(unknown)
      if (state.status !== "pending") return Either.left(settled(state.status, "rejected"))
      return Either.right([
        new AdjustmentRejected({
          adjustmentId: state.request.adjustmentId,
          userId: state.request.userId,
          rejectedBy: command.rejectedBy,
          reason: command.reason,
        }),
      ])
  }
}

const evolve = (state: CreditAdjustment, event: CreditAdjustmentEvent): CreditAdjustment => {
  switch (event._tag) {
    case "AdjustmentRequested":
      return { request: event, status: event.needsApproval ? "pending" : "applied" }
    case "AdjustmentApproved":
      return state && { ...state, status: "applied" }
    case "AdjustmentRejected":
      return state && { ...state, status: "rejected" }
  }
}

/**
 * One admin adjustment of a person's credits: requested, then applied at once or pending until a second
 * admin (neither its requester nor the admin it credits) approves or anyone rejects it. The requester may withdraw (reject) their own: four eyes guard what
 * moves credits, not what stops a movement.
 */
export const creditAdjustment: Decider<
  AdjustmentCommand,
  CreditAdjustmentEvent,
  CreditAdjustment,
  AdjustmentRefusal
> = { initialState: null, evolve, decide }
