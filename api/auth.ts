import { HttpApiMiddleware, HttpApiSchema, HttpApiSecurity } from "@effect/platform"
import { Context, Schema } from "effect"
import type { Actor } from "#events/contracts/actor.ts"
import { NotFound } from "./refusals.ts"

/** The session cookie: HttpOnly, SameSite=Lax, Secure behind TLS. */
export const sessionCookieName = "melody_session"

export class Unauthorized extends Schema.TaggedError<Unauthorized>()(
  "Unauthorized",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 401 }),
) {}

export const notSignedIn = new Unauthorized({ message: "You need to be signed in to do that." })

/** Work that costs the service (songs, stems, videos, conversions) waits for a verified e-mail address. */
export class EmailNotVerified extends Schema.TaggedError<EmailNotVerified>()(
  "EmailNotVerified",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 403 }),
) {}

export const emailNotVerified = new EmailNotVerified({
  message:
    "Email verification required: please verify your email address first. Check your inbox for the link, or ask for a new one.",
})

/** Who is calling, as far as every module needs to know. */
export interface SignedInUser {
  readonly userId: string
  readonly username: string
  readonly email: string
  readonly name: string
  readonly isAdmin: boolean
  readonly emailVerified: boolean
}

export class CurrentUser extends Context.Tag("@melody/CurrentUser")<CurrentUser, SignedInUser>() {}

/** The actor a signed-in user's commands are recorded with. */
export const actorOf = (user: SignedInUser): Actor =>
  user.isAdmin ? { _tag: "Admin", userId: user.userId } : { _tag: "User", userId: user.userId }

/** How the session travels: the cookie, read by the middlewares below. */
export const sessionSecurity = HttpApiSecurity.apiKey({ in: "cookie", key: sessionCookieName })

/** Endpoints that only a signed-in user may call declare this middleware; it provides `CurrentUser`. */
export class Authenticated extends HttpApiMiddleware.Tag<Authenticated>()("Authenticated", {
  failure: Unauthorized,
  provides: CurrentUser,
  security: { session: sessionSecurity },
}) {}

/** The caller if signed in, for endpoints anyone may call but that answer a signed-in user differently. */
export class CurrentViewer extends Context.Tag("@melody/CurrentViewer")<
  CurrentViewer,
  SignedInUser | undefined
>() {}

/**
 * Reads the session cookie itself rather than as declared security: a request without the cookie is the
 * common case here (anonymous readers), and the declared kind fails a schema decode for each of them.
 */
export class Viewer extends HttpApiMiddleware.Tag<Viewer>()("Viewer", {
  provides: CurrentViewer,
}) {}

/**
 * Endpoints only administrators may call. Anyone else is told there is nothing here (404), as the admin
 * pages do; without a session the answer is 401, as everywhere.
 */
export class AdminOnly extends HttpApiMiddleware.Tag<AdminOnly>()("AdminOnly", {
  failure: Schema.Union(Unauthorized, NotFound),
  provides: CurrentUser,
  security: { session: sessionSecurity },
}) {}

export const notFoundForNonAdmins = new NotFound({ message: "Not found." })
