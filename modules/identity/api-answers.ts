import { Schema } from "effect"

// What identity's endpoints answer.

export class UserView extends Schema.Class<UserView>("UserView")({
  id: Schema.String,
  username: Schema.String,
  email: Schema.String,
  name: Schema.String,
  isAdmin: Schema.Boolean,
  emailVerified: Schema.Boolean,
}) {}

/** Who the caller is: a signed-in user, or nobody (an answer for an anonymous visitor, not an error). */
export class SessionView extends Schema.Class<SessionView>("SessionView")({
  user: Schema.NullOr(UserView),
}) {}

export class SignedIn extends Schema.Class<SignedIn>("SignedIn")({
  user: UserView,
  /** 'Logged in as administrator', 'Successfully logged in' or 'Account created successfully. Welcome!'. */
  message: Schema.String,
}) {}

export class Message extends Schema.Class<Message>("Message")({ message: Schema.String }) {}

export class MailboxMessage extends Schema.Class<MailboxMessage>("MailboxMessage")({
  id: Schema.String,
  to: Schema.String,
  subject: Schema.String,
  text: Schema.String,
  links: Schema.Array(Schema.String),
  createdAt: Schema.Date,
}) {}
