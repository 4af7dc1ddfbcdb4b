import { Effect } from "effect"
import { v7 as uuidv7 } from "uuid"
import type { Actor } from "#events/contracts/actor.ts"
import { IdentityEvent, identityStreams, UserEvent } from "#events/contracts/identity.ts"
import { handleCommand } from "#events/decider.ts"
import { eventMetadata } from "#events/request-context.ts"
import { EventStore, type ExpectedVersion, toNewEvent } from "#events/store/index.ts"
import { type UserCommand, user } from "./user.ts"

const encode = toNewEvent(IdentityEvent)

/** Appends identity events other than the user aggregate's (claims, sign-ins) on behalf of `actor`. */
export const appendIdentity = (
  streamId: string,
  expected: ExpectedVersion,
  events: ReadonlyArray<IdentityEvent>,
  actor: Actor,
) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const metadata = yield* eventMetadata(actor)
    return yield* store.append(
      streamId,
      expected,
      events.map((event) => encode(event, metadata, uuidv7())),
    )
  })

/** Runs a command on a user's stream on behalf of `actor`. */
export const decideUser = (userId: string, command: UserCommand, actor: Actor) =>
  Effect.flatMap(eventMetadata(actor), (metadata) =>
    handleCommand({
      decider: user,
      events: UserEvent,
      streamId: identityStreams.user(userId),
      command,
      metadata,
    }),
  )
