import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { RecordedEvent } from "#events/store/index.ts"

/**
 * Events that only move counts: likes, plays, follows and comments (a song's count of them). Every other
 * event may change a listing.
 */
const countTypes = new Set([
  "SongLiked",
  "SongUnliked",
  "SongPlayed",
  "CreatorFollowed",
  "CreatorUnfollowed",
  "CommentPosted",
  "CommentDeleted",
  "SongCommentsClosed",
  "SongCommentsOpened",
])

/**
 * Where each stamped projection last changed what it lists (read-stamps.ts): the last event it applied
 * that was not a count.
 */
export const listingMarksTable = `
  create table projection_listings (
    name text primary key,
    transaction_id xid8 not null,
    global_position bigint not null
  )`

/**
 * Records, in the batch's transaction, the last event of `events` that may change what the subscription
 * `name` lists. Nothing is written for a batch of counts only, the common case under plays and likes.
 */
export const markListing = (name: string, events: ReadonlyArray<RecordedEvent>) =>
  Effect.gen(function* () {
    const last = events.findLast((event) => !countTypes.has(event.type))
    if (last === undefined) return
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      insert into projection_listings (name, transaction_id, global_position)
      values (${name}, ${last.transactionId}::xid8, ${last.globalPosition})
      on conflict (name) do update
        set transaction_id = excluded.transaction_id, global_position = excluded.global_position`
  })

/** Forgets the mark of a subscription that starts again from the first event. */
export const clearListing = (name: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.asVoid(sql`delete from projection_listings where name = ${name}`),
  )
