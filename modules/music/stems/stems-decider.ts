import { Either } from "effect"
import type { MusicMakerName } from "#events/contracts/media.ts"
import {
  type StemsEvent,
  StemsFailed,
  StemsMade,
  StemsRequested,
  StemsSubmitted,
} from "#events/contracts/stems.ts"
import type { Decider } from "#events/decider.ts"

/** Who asked for stems being made, how, and for what. */
export interface StemsOrder {
  readonly versionId: string
  readonly songId: string
  readonly userId: string
  readonly maker: MusicMakerName
  readonly credits: number
  readonly chargeId: string | null
  readonly requestedAt: Date
}

/**
 * Where a version's stems are: never asked for, being made, made (the zip's key, and the order they were
 * made for: who asked and paid), or failed.
 */
export type StemsState =
  | { readonly _tag: "None" }
  | {
      readonly _tag: "Making"
      readonly order: StemsOrder
      /** The music API's separation task, once submitted. */
      readonly makerTaskId: string | null
    }
  | { readonly _tag: "Made"; readonly key: string; readonly order: StemsOrder | null }
  | { readonly _tag: "Failed"; readonly reason: string }

export type StemsCommand =
  | ({ readonly _tag: "RequestStems" } & StemsOrder)
  | { readonly _tag: "RecordSubmission"; readonly makerTaskId: string }
  | { readonly _tag: "RecordStems"; readonly key: string; readonly sizeBytes: number }
  | { readonly _tag: "RecordFailure"; readonly reason: string }

/**
 * Stems are made once: asking while they are made or being made changes nothing; after a failure they may
 * be asked for again. What the job reports counts only while they are being made, so a retried job that
 * reports twice records once, and a paid request fails (and is refunded) at most once.
 */
export const stems: Decider<StemsCommand, StemsEvent, StemsState, never> = {
  initialState: { _tag: "None" },
  evolve: (state, event) => {
    switch (event._tag) {
      case "StemsRequested":
        return { _tag: "Making", order: event, makerTaskId: null }
      case "StemsSubmitted":
        return state._tag === "Making" ? { ...state, makerTaskId: event.makerTaskId } : state
      case "StemsMade":
        return { _tag: "Made", key: event.key, order: state._tag === "Making" ? state.order : null }
      case "StemsFailed":
        return { _tag: "Failed", reason: event.reason }
    }
  },
  decide: (command, state) => {
    switch (command._tag) {
      case "RequestStems": {
        const { _tag, ...order } = command
        return Either.right(
          state._tag === "None" || state._tag === "Failed" ? [new StemsRequested(order)] : [],
        )
      }
      case "RecordSubmission":
        return Either.right(
          state._tag === "Making" && state.makerTaskId === null
            ? [
                new StemsSubmitted({
                  versionId: state.order.versionId,
                  makerTaskId: command.makerTaskId,
                }),
              ]
            : [],
        )
      case "RecordStems":
        return Either.right(
          state._tag === "Making"
            ? [
                new StemsMade({
                  versionId: state.order.versionId,
                  key: command.key,
                  sizeBytes: command.sizeBytes,
                }),
              ]
            : [],
        )
      case "RecordFailure":
        return Either.right(
          state._tag === "Making"
            ? [
                new StemsFailed({
                  versionId: state.order.versionId,
                  reason: command.reason,
                  userId: state.order.userId,
                  chargeId: state.order.chargeId,
                }),
              ]
            : [],
        )
    }
  },
}

/** Stems being made fail as their payer reads it: paid ones say their credits came back (billing refunds). */
export const failure = (
  state: Extract<StemsState, { _tag: "Making" }>,
  reason: string,
): StemsCommand => ({
  _tag: "RecordFailure",
  reason:
    state.order.credits > 0
      ? `${reason} Your ${state.order.credits} credits were refunded.`
      : reason,
})
