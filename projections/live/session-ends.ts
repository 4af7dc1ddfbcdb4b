import { Option, Schema } from "effect"
import type { RecordedEvent } from "#events/store/index.ts"

/**
 * The events after which some of a person's sessions may have ended, whichever process ended them: a
 * sign-out, and a password reset (which signs the account out everywhere). A session that runs out
 * records nothing; open streams look at their sessions every few seconds for that (live-streams.ts).
 */
export const sessionEndTypes = ["UserLoggedOut", "PasswordChanged"]

const decodePerson = Schema.decodeUnknownOption(Schema.Struct({ userId: Schema.String }))

/** The person whose sessions this event may have ended; undefined for any other event. */
export const sessionsEndedBy = (event: RecordedEvent): string | undefined =>
  sessionEndTypes.includes(event.type)
    ? Option.getOrUndefined(Option.map(decodePerson(event.data), (person) => person.userId))
    : undefined
