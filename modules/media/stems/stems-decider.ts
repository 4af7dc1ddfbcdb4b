import { Either } from "effect"
import { type StemsEvent, StemsFailed, StemsMade, StemsRequested } from "#events/contracts/stems.ts"
import type { Decider } from "#events/decider.ts"

/** Where a version's stems are: never asked for, being made, made (the zip's key), or failed. */
export type StemsState =
  | { readonly _tag: "None" }
  | {
      readonly _tag: "Making"
      readonly versionId: string
      readonly songId: string
      readonly userId: string
    }
  | { readonly _tag: "Made"; readonly key: string }
  | { readonly _tag: "Failed"; readonly reason: string }

export type StemsCommand =
  | {
      readonly _tag: "RequestStems"
      readonly versionId: string
      readonly songId: string
      readonly userId: string
      readonly at: Date
    }
  | { readonly _tag: "RecordStems"; readonly key: string; readonly sizeBytes: number }
  | { readonly _tag: "RecordFailure"; readonly reason: string }

/**
 * Stems are made once: asking while they are made or being made changes nothing; after a failure they may
 * be asked for again. What the job reports counts only while they are being made, so a retried job that
 * reports twice records once.
 */
export const stems: Decider<StemsCommand, StemsEvent, StemsState, never> = {
  initialState: { _tag: "None" },
  evolve: (_, event) => {
    switch (event._tag) {
      case "StemsRequested":
        return {
          _tag: "Making",
          versionId: event.versionId,
          songId: event.songId,
          userId: event.userId,
        }
      case "StemsMade":
        return { _tag: "Made", key: event.key }
      case "StemsFailed":
        return { _tag: "Failed", reason: event.reason }
    }
  },
  decide: (command, state) => {
    switch (command._tag) {
      case "RequestStems":
        return Either.right(
          state._tag === "None" || state._tag === "Failed"
            ? [
                new StemsRequested({
                  versionId: command.versionId,
                  songId: command.songId,
                  userId: command.userId,
                  requestedAt: command.at,
                }),
              ]
            : [],
        )
      case "RecordStems":
        return Either.right(
          state._tag === "Making"
            ? [
                new StemsMade({
                  versionId: state.versionId,
                  key: command.key,
                  sizeBytes: command.sizeBytes,
                }),
              ]
            : [],
        )
      case "RecordFailure":
        return Either.right(
          state._tag === "Making"
            ? [new StemsFailed({ versionId: state.versionId, reason: command.reason })]
            : [],
        )
    }
  },
}
