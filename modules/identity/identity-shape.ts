import type { SqlClient } from "@effect/sql"
import type { Effect } from "effect"
import type { SignedInUser, Unauthorized } from "#api/auth.ts"
import type { TooManyRequests } from "#api/refusals.ts"
import type { AdminGranted } from "#events/contracts/identity.ts"
import type { Writes } from "#events/handle-command.ts"
import type { Client } from "#toolkit/client.ts"
import type { AccountShape } from "./account.ts"
import type {
  AccountSuspended,
  AlreadyVerified,
  EmailTaken,
  InvalidCredentials,
  InvalidToken,
  RegisterPayload,
  UsernameTaken,
  UserView,
} from "./api.ts"
import type { TwoStepRequired } from "./api-account-refusals.ts"
import type { Holder } from "./recent-sessions.ts"
import type { Registered } from "./user-decider.ts"

/** A session just opened: its id goes into the cookie, which lasts until it expires. */
export interface OpenedSession {
  readonly id: string
  readonly expires: Date
}

export interface SignedIn {
  readonly user: UserView
  readonly session: OpenedSession
}

/** A message of the development outbox, with the links found in it. */
export interface OutboxMessage {
  readonly id: string
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly links: ReadonlyArray<string>
  readonly createdAt: Date
}

/**
 * Accounts, sessions and e-mail, one function per thing a person or an administrator does. The ones that
 * act for a client (its address and agent) are rate limited per client.
 */
export interface IdentityShape {
  readonly register: (
    payload: RegisterPayload,
    client: Client,
  ) => Writes<SignedIn, TooManyRequests | UsernameTaken | EmailTaken>
  /**
   * Signs in, ending the session the request came with, if any; an account with two-step sign-in is
   * answered with the challenge for its second step instead.
   */
  readonly login: (
    usernameOrEmail: string,
    password: string,
    client: Client,
    previousSession: string | undefined,
  ) => Writes<
    SignedIn & { readonly message: string },
    TooManyRequests | InvalidCredentials | AccountSuspended | TwoStepRequired
  >
  readonly logout: (sessionId: string | undefined) => Writes<void>
  /** Who holds this session, sliding it forward when it is half used; undefined once it ended. */
  readonly authenticate: (sessionId: string) => Effect.Effect<Holder | undefined>
  /**
   * Which of these sessions are still signed in, read from the session table (not remembered): a sign-out
   * by any process shows at once.
   */
  readonly openSessions: (sessionIds: ReadonlyArray<string>) => Effect.Effect<ReadonlySet<string>>
  /** Who holds this session, if a request read it in the last second; reads nothing. */
  readonly knownHolder: (sessionId: string) => Effect.Effect<string | undefined>
  /**
   * Who holds this session, read without sliding it, for the edge: the API's own look-up sends the cookie
   * again when the session slides, and must be the one to see it slide. Undefined once it ended.
   */
  readonly sessionHolder: (sessionId: string) => Effect.Effect<string | undefined>
  readonly userById: (userId: string) => Effect.Effect<Registered | undefined>
  /** Mails a new verification link: to the signed-in viewer, or to the account with this e-mail. */
  readonly resendVerification: (
    viewer: SignedInUser | undefined,
    email: string | undefined,
    client: Client,
  ) => Effect.Effect<undefined, TooManyRequests | Unauthorized | AlreadyVerified>
  readonly verifyEmail: (token: string) => Writes<void, InvalidToken>
  /** Mails a reset link when the address belongs to an account; answers the same either way. */
  readonly requestPasswordReset: (
    email: string,
    client: Client,
  ) => Effect.Effect<void, TooManyRequests>
  readonly isResetTokenValid: (token: string) => Effect.Effect<boolean>
  readonly resetPassword: (
    token: string,
    password: string,
    client: Client,
  ) => Writes<void, TooManyRequests | InvalidToken>
  /** Makes the account an administrator; undefined when there is no such account. */
  readonly grantAdmin: (
    usernameOrEmail: string,
    grantedBy: AdminGranted["grantedBy"],
  ) => Writes<Registered | undefined>
  /** Grants the account named in the configuration, once its e-mail is verified. */
  readonly ensureConfiguredAdmin: Writes<void>
  /** The development mailbox, when mail stays in the outbox. */
  readonly mailbox:
    | Effect.Effect<ReadonlyArray<OutboxMessage>, never, SqlClient.SqlClient>
    | undefined
  /** What a signed-in person does to their own account (account.ts). */
  readonly account: AccountShape
  /** Where passkeys are made and used (PASSKEY_ORIGIN, else APP_URL's origin). */
  readonly passkeyOrigin: string
}
