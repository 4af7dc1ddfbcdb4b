import { Context, Effect, Layer } from "effect"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { NotificationReadingEvent, notificationStreams } from "#events/contracts/notifications.ts"
import { runCommand, type Writes } from "#events/handle-command.ts"
import { type ReadingCommand, reading } from "./reading.ts"

/**
 * A person's notifications read, recorded on their own stream: an id names a place in the global order,
 * so one that is no notification of theirs marks nothing of anyone's.
 */
export class NotificationReadings extends Context.Tag("@melody/notifications/Readings")<
  NotificationReadings,
  {
    readonly readAll: (user: SignedInUser, through: number) => Writes<void, never>
    readonly readOne: (user: SignedInUser, notificationId: number) => Writes<void, never>
  }
>() {
  static readonly live = Layer.succeed(NotificationReadings, {
    readAll: (user, through) => run(user, { _tag: "ReadAll", userId: user.userId, through }),
    readOne: (user, notificationId) =>
      run(user, { _tag: "ReadOne", userId: user.userId, notificationId }),
  })
}

const run = (user: SignedInUser, command: ReadingCommand) =>
  runCommand({
    decider: reading,
    events: NotificationReadingEvent,
    streamId: notificationStreams.person(user.userId),
    command,
    actor: actorOf(user),
    maxAttempts: 10,
  }).pipe(Effect.asVoid)
