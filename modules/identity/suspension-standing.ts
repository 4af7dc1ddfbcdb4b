import type { SqlClient } from "@effect/sql"
import { Clock, Effect } from "effect"
import { moderationStreams, SuspensionEvent } from "#events/contracts/moderation.ts"
import { decodeAll, EventStore, type Subscription } from "#events/store/index.ts"
import { suspendedAt, suspensionOf } from "#events/withheld.ts"
import { AccountSuspended } from "./api.ts"
import { IdentitySessions } from "./identity-sessions.ts"
import { RecentSessions } from "./recent-sessions.ts"

const decode = decodeAll(SuspensionEvent)

const untilWords = (until: Date | null) =>
  until === null
    ? "until an admin lifts it"
    : `until ${until.toISOString().slice(0, 16).replace("T", " ")} UTC`

/**
 * Whether an account may sign in: a suspension keeps it out, with why and until when, read from the
 * account's suspension stream so it holds from the moment the admin decided.
 */
export const makeSuspensionCheck = Effect.map(
  EventStore,
  (store) => (userId: string) =>
    store.readStream(moderationStreams.suspension(userId)).pipe(
      Effect.flatMap(decode),
      Effect.zip(Clock.currentTimeMillis),
      Effect.orDie,
      Effect.flatMap(([history, millis]) => {
        const suspension = suspensionOf(history.map((e) => e.event))
        if (!suspendedAt(suspension, new Date(millis)) || suspension === undefined)
          return Effect.void
        return Effect.fail(
          new AccountSuspended({
            message: `Your account is suspended ${untilWords(suspension.until)}: ${suspension.reason}`,
            until: suspension.until,
          }),
        )
      }),
    ),
)

const decodeSuspended = decodeAll(SuspensionEvent.members[0])

/** A suspended account's sessions end at once, in the database and in this process's memory. */
export const endSuspendedSessions: Subscription<
  IdentitySessions | RecentSessions | SqlClient.SqlClient
> = {
  name: "identity:end-suspended-sessions",
  types: ["AccountSuspended"],
  onPoison: "pause",
  handle: (events) =>
    Effect.gen(function* () {
      const sessions = yield* IdentitySessions
      const recent = yield* RecentSessions
      for (const { event } of yield* decodeSuspended(events)) {
        yield* sessions.destroyAllOf(event.userId)
        yield* recent.forgetUser(event.userId)
      }
    }),
}
