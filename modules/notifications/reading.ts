import { Either } from "effect"
import {
  NotificationRead,
  type NotificationReadingEvent,
  NotificationsRead,
} from "#events/contracts/notifications.ts"
import type { Decider } from "#events/decider.ts"

/**
 * How far a person has read their notifications: reading all through one already read, or one already
 * read with them, records nothing.
 */
export type ReadingCommand =
  | { readonly _tag: "ReadAll"; readonly userId: string; readonly through: number }
  | { readonly _tag: "ReadOne"; readonly userId: string; readonly notificationId: number }

export const reading: Decider<ReadingCommand, NotificationReadingEvent, number, never> = {
  initialState: 0,
  evolve: (through, event) =>
    event._tag === "NotificationsRead" ? Math.max(through, event.through) : through,
  decide: (command, through) => {
    if (command._tag === "ReadAll") {
      return Either.right(
        command.through > through
          ? [new NotificationsRead({ userId: command.userId, through: command.through })]
          : [],
      )
    }
    return Either.right(
      command.notificationId > through
        ? [
            new NotificationRead({
              userId: command.userId,
              notificationId: command.notificationId,
            }),
          ]
        : [],
    )
  },
}
