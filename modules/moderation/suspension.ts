import { Data, Either } from "effect"
import {
  AccountSuspended,
  type SuspensionEvent,
  SuspensionLifted,
} from "#events/contracts/moderation.ts"
import type { Decider } from "#events/decider.ts"
import { type Suspension, suspensionOf } from "#events/withheld.ts"

/**
 * An account's suspension: one at a time, lifted by an admin or when its time comes. Who may be
 * suspended (not oneself, not an admin) is checked before a command reaches it.
 */
export type SuspensionCommand =
  | ({ readonly _tag: "Suspend" } & ConstructorParameters<typeof AccountSuspended>[0])
  | ({ readonly _tag: "Lift" } & ConstructorParameters<typeof SuspensionLifted>[0])
  /** The job due when a suspension's time runs out: it lifts that suspension and no later one. */
  | {
      readonly _tag: "LiftWhenDue"
      readonly userId: string
      readonly until: Date
      readonly now: Date
    }

export class AlreadySuspended extends Data.TaggedError("AlreadySuspended") {}
export class NotSuspended extends Data.TaggedError("NotSuspended") {}

export const suspension: Decider<
  SuspensionCommand,
  SuspensionEvent,
  Suspension | undefined,
  AlreadySuspended | NotSuspended
> = {
  initialState: undefined,
  evolve: (_state, event) => suspensionOf([event]),
  decide: (command, state) => {
    switch (command._tag) {
      case "Suspend": {
        if (state !== undefined) return Either.left(new AlreadySuspended())
        const { _tag, ...fields } = command
        return Either.right([new AccountSuspended(fields)])
      }
      case "Lift": {
        if (state === undefined) return Either.left(new NotSuspended())
        const { _tag, ...fields } = command
        return Either.right([new SuspensionLifted(fields)])
      }
      case "LiftWhenDue":
        return state?.until != null &&
          state.until.getTime() === command.until.getTime() &&
          state.until <= command.now
          ? Either.right([
              new SuspensionLifted({
                userId: command.userId,
                adminId: null,
                reason: "The suspension's time ran out.",
              }),
            ])
          : Either.right([])
    }
  },
}
