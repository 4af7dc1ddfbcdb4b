import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Migrations } from "#events/store/index.ts"

/** Identity's private tables, in its own schema: secrets and sessions, never events. */
export const identityMigrations: Migrations = {
  "1_identity": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`create schema if not exists identity`
    yield* sql`
      create table identity.credentials (
        user_id text primary key,
        password_hash text not null,
        updated_at timestamptz not null default now()
      )`
    yield* sql`
      create table identity.tokens (
        token_hash text primary key,
        user_id text not null,
        purpose text not null check (purpose in ('verify-email', 'reset-password')),
        expires_at timestamptz not null,
        used_at timestamptz,
        created_at timestamptz not null default now()
      )`
    yield* sql`create index tokens_user on identity.tokens (user_id, purpose) where used_at is null`
    yield* sql`
      create table identity.session (
        sid text primary key,
        sess jsonb not null,
        expire timestamptz not null
      )`
    yield* sql`create index session_by_expiry on identity.session (expire)`
    yield* sql`create index session_by_user on identity.session ((sess ->> 'userId'))`
    yield* sql`
      create table identity.mail_outbox (
        id uuid primary key,
        recipient text not null,
        subject text not null,
        text text not null,
        html text not null,
        created_at timestamptz not null default now()
      )`
  }),
  // A mail's own headers (List-Unsubscribe on notifications), kept with it in the outbox.
  "2_mail_headers": Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`alter table identity.mail_outbox add column headers jsonb not null default '{}'`,
  ),
  // When each session was last used (every few minutes at most), for its owner's list of sessions.
  "3_session_seen": Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql`alter table identity.session add column seen_at timestamptz not null default now()`,
  ),
  // A change of address: the link to the new one, and the notice's to take it back from the old one.
  "4_email_change_tokens": Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`
      alter table identity.tokens drop constraint tokens_purpose_check,
        add constraint tokens_purpose_check check (purpose in
          ('verify-email', 'reset-password', 'change-email', 'undo-email-change'))`,
  ),
  // Two-step sign-in: the authenticator app's secret (read to check codes, so kept, not hashed), the
  // last time step a code was used at (a code works once), ten recovery codes by their hashes, and the
  // challenge a password opens for the second step.
  "5_two_step": Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.all([
      sql`create table identity.two_step (
            user_id text primary key,
            secret text not null,
            confirmed boolean not null default false,
            last_step bigint,
            created_at timestamptz not null default now()
          )`,
      sql`create table identity.recovery_codes (
            user_id text not null,
            code_hash text not null,
            used_at timestamptz,
            primary key (user_id, code_hash)
          )`,
      sql`alter table identity.tokens drop constraint tokens_purpose_check,
            add constraint tokens_purpose_check check (purpose in
              ('verify-email', 'reset-password', 'change-email', 'undo-email-change', 'two-step'))`,
    ]),
  ),
  "6_passkeys": Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.all([
      sql`create table identity.passkeys (
            id text primary key,
            user_id text not null,
            label text not null,
            public_key bytea not null,
            counter bigint not null,
            transports text not null default '',
            created_at timestamptz not null default now(),
            last_used_at timestamptz
          )`,
      sql`create index passkeys_user on identity.passkeys (user_id)`,
      sql`create table identity.passkey_ceremonies (
            id text primary key,
            user_id text,
            kind text not null check (kind in ('register', 'sign-in')),
            challenge text not null,
            expires_at timestamptz not null
          )`,
    ]),
  ),
}
