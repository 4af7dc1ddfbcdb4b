import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { BlockEvent } from "#events/contracts/community.ts"
import { decodeAll, type RecordedEvent } from "#events/store/index.ts"

/** Who blocks whom and since when: a creator's page says whether its viewer blocks them, and lists them. */
export const blockTypes: ReadonlyArray<string> = BlockEvent.members.map((member) => member._tag)

const decode = decodeAll(BlockEvent)

export const createBlockTable = Effect.flatMap(
  SqlClient.SqlClient,
  (sql) => sql`
    create table if not exists creator_blocks (
      blocker_id text not null,
      blocked_id text not null,
      blocked_at timestamptz not null,
      primary key (blocker_id, blocked_id)
    )`,
)

/** The last event of each pair in a batch is what stands. */
export const writeBlocks = (events: ReadonlyArray<RecordedEvent>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const pairs = new Map<string, { blockerId: string; blockedId: string; on: boolean; at: Date }>()
    for (const { event, recordedAt } of yield* decode(events)) {
      pairs.set(`${event.blockerId}\u0000${event.blockedId}`, {
        blockerId: event.blockerId,
        blockedId: event.blockedId,
        on: event._tag === "PersonBlocked",
        at: recordedAt,
      })
    }
    for (const pair of pairs.values()) {
      yield* pair.on
        ? sql`
            insert into creator_blocks (blocker_id, blocked_id, blocked_at)
            values (${pair.blockerId}, ${pair.blockedId}, ${pair.at}) on conflict do nothing`
        : sql`
            delete from creator_blocks
             where blocker_id = ${pair.blockerId} and blocked_id = ${pair.blockedId}`
    }
  })
