import { Schema } from "effect"

/** What the admin side answers: activity, errors, stored events, users found. */

export class Interaction extends Schema.Class<Interaction>("Interaction")({
  id: Schema.String,
  userId: Schema.String,
  type: Schema.String,
  details: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  createdAt: Schema.Date,
  /** The stream the event is on: open it to replay what led here. */
  streamId: Schema.String,
}) {}

export class Interactions extends Schema.Class<Interactions>("Interactions")({
  items: Schema.Array(Interaction),
  total: Schema.Int,
}) {}

export class ErrorLog extends Schema.Class<ErrorLog>("ErrorLog")({
  id: Schema.String,
  userId: Schema.NullOr(Schema.String),
  /** client, server, job, subscription or provider. */
  source: Schema.String,
  error: Schema.String,
  stack: Schema.NullOr(Schema.String),
  context: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  createdAt: Schema.Date,
  streamId: Schema.String,
}) {}

export class ErrorLogs extends Schema.Class<ErrorLogs>("ErrorLogs")({
  items: Schema.Array(ErrorLog),
  total: Schema.Int,
}) {}

export class StoredEvent extends Schema.Class<StoredEvent>("StoredEvent")({
  streamVersion: Schema.Int,
  globalPosition: Schema.Number,
  eventId: Schema.String,
  type: Schema.String,
  schemaVersion: Schema.Int,
  /** As stored, with anything secret-looking masked. */
  data: Schema.Unknown,
  metadata: Schema.Unknown,
  recordedAt: Schema.Date,
}) {}

export class StreamEvents extends Schema.Class<StreamEvents>("StreamEvents")({
  streamId: Schema.String,
  events: Schema.Array(StoredEvent),
}) {}

export class UserMatch extends Schema.Class<UserMatch>("UserMatch")({
  userId: Schema.String,
  username: Schema.String,
  registeredAt: Schema.Date,
}) {}
