import type { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { Actors } from "#events/contracts/actor.ts"
import { AdminGranted, identityStreams } from "#events/contracts/identity.ts"
import { moderationStreams, SuspensionEvent } from "#events/contracts/moderation.ts"
import { runCommand, type Writes } from "#events/handle-command.ts"
import { decodeAll, EventStore } from "#events/store/index.ts"
import { now } from "#toolkit/clock.ts"
import { type JobKind, JobQueue } from "#toolkit/jobs.ts"
import { BadDecision, CaseConflict, Decided, NotForThisAdmin } from "./api-decisions.ts"
import { makeItemAuthors } from "./item-authors.ts"
import { type SuspensionCommand, suspension } from "./suspension.ts"

const decodeGrants = decodeAll(Schema.Union(AdminGranted))

export interface Suspending {
  readonly userId: string
  readonly reason: string
  readonly until: Date | null
}

type Refusal = NotFound | CaseConflict | NotForThisAdmin | BadDecision

/** Suspensions of accounts: the account's sessions end, and its content is hidden while it stands. */
export class Suspensions extends Context.Tag("@melody/moderation/Suspensions")<
  Suspensions,
  {
    /** Suspends; `alreadyFine` answers an account suspended already as done (the queue's "suspend"). */
    readonly suspend: (
      admin: SignedInUser,
      suspending: Suspending,
      options?: { readonly alreadyFine?: boolean },
    ) => Writes<void, Refusal>
    readonly suspendByName: (
      admin: SignedInUser,
      payload: { readonly username: string; readonly reason: string; readonly until: Date | null },
    ) => Writes<Decided, Refusal>
    readonly lift: (
      admin: SignedInUser,
      payload: { readonly username: string; readonly reason: string },
    ) => Writes<Decided, NotFound | CaseConflict>
    readonly liftWhenDue: (userId: string, until: Date) => Effect.Effect<void>
  }
>() {
  static readonly live = Layer.effect(
    Suspensions,
    Effect.gen(function* () {
      const store = yield* EventStore
      const jobs = yield* JobQueue
      const authorOf = yield* makeItemAuthors
      const context = yield* Effect.context<EventStore | SqlClient.SqlClient>()

      const run = (
        userId: string,
        command: SuspensionCommand,
        actor = Actors.system("moderation"),
      ) =>
        runCommand({
          decider: suspension,
          events: SuspensionEvent,
          streamId: moderationStreams.suspension(userId),
          command,
          actor,
        })

      const isAdmin = (userId: string) =>
        store.readStream(identityStreams.user(userId)).pipe(
          Effect.flatMap((events) => decodeGrants(events.filter((e) => e.type === "AdminGranted"))),
          Effect.map((grants) => grants.length > 0),
          Effect.orDie,
        )

      const userIdOf = (username: string) =>
        Effect.flatMap(authorOf("creator", username), (claimed) =>
          claimed === undefined
            ? Effect.fail(new NotFound({ message: `There is no account named ${username}.` }))
            : Effect.succeed(claimed.authorId),
        )

      const suspend = Effect.fn("Suspensions.suspend")(function* (
        admin: SignedInUser,
        { userId, reason, until }: Suspending,
        options?: { readonly alreadyFine?: boolean },
      ) {
        if (userId === admin.userId) {
          return yield* new NotForThisAdmin({ message: "You cannot suspend your own account." })
        }
        if (yield* isAdmin(userId)) {
          return yield* new NotForThisAdmin({ message: "An admin's account cannot be suspended." })
        }
        if (until !== null && until <= (yield* now)) {
          return yield* new BadDecision({
            message:
              "A suspension must end later than now; leave until out to suspend until lifted.",
          })
        }
        yield* run(
          userId,
          { _tag: "Suspend", userId, adminId: admin.userId, reason, until },
          actorOf(admin),
        ).pipe(
          Effect.catchTag("AlreadySuspended", () =>
            options?.alreadyFine
              ? Effect.void
              : Effect.fail(new CaseConflict({ message: "This account is suspended already." })),
          ),
          Effect.catchTag("NotSuspended", Effect.die),
        )
        if (until !== null) yield* jobs.enqueue(liftSuspension, { userId, until }, { runAt: until })
      })

      const suspendByName = Effect.fn("Suspensions.suspendByName")(function* (
        admin: SignedInUser,
        payload: {
          readonly username: string
          readonly reason: string
          readonly until: Date | null
        },
      ) {
        const userId = yield* userIdOf(payload.username)
        yield* suspend(admin, { userId, reason: payload.reason, until: payload.until })
        return new Decided({
          message:
            payload.until === null
              ? `${payload.username} is suspended until an admin lifts it.`
              : `${payload.username} is suspended until ${payload.until.toISOString()}.`,
        })
      })

      const lift = Effect.fn("Suspensions.lift")(function* (
        admin: SignedInUser,
        payload: { readonly username: string; readonly reason: string },
      ) {
        const userId = yield* userIdOf(payload.username)
        yield* run(
          userId,
          { _tag: "Lift", userId, adminId: admin.userId, reason: payload.reason },
          actorOf(admin),
        ).pipe(
          Effect.catchTag("NotSuspended", () =>
            Effect.fail(new CaseConflict({ message: `${payload.username} is not suspended.` })),
          ),
          Effect.catchTag("AlreadySuspended", Effect.die),
        )
        return new Decided({ message: `${payload.username}'s suspension is lifted.` })
      })

      const liftWhenDue = (userId: string, until: Date) =>
        Effect.flatMap(now, (at) =>
          run(userId, { _tag: "LiftWhenDue", userId, until, now: at }),
        ).pipe(Effect.catchAll(Effect.die), Effect.asVoid, Effect.provide(context))

      return Suspensions.of({ suspend, suspendByName, lift, liftWhenDue })
    }),
  )
}

const LiftPayload = Schema.Struct({ userId: Schema.String, until: Schema.DateFromString })

/** Lifts a suspension when its time comes, unless it was lifted or replaced before. */
export const liftSuspension: JobKind<typeof LiftPayload.Type, Suspensions> = {
  name: "moderation:lift-suspension",
  payload: LiftPayload,
  maxAttempts: 10,
  run: ({ userId, until }) =>
    Effect.flatMap(Suspensions, (suspensions) => suspensions.liftWhenDue(userId, until)),
}
