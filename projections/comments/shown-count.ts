import { SqlClient } from "@effect/sql"
import type { Fragment } from "@effect/sql/Statement"
import { Effect } from "effect"

/**
 * Counts again how many comments and replies of each song `songs` selects everyone is shown: those not
 * deleted, not hidden and whose author is not suspended. Posts and deletions move the count by one;
 * hiding and suspension, which are rare, count again.
 */
export const recount = (songs: Fragment) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`
      update comment_songs s set comments = (
        select count(*) from song_comments c join comment_people p on p.user_id = c.author_id
         where c.song_id = s.song_id and not c.deleted and c.hidden is null and not p.suspended)
       where s.song_id in (${songs})`,
  )
