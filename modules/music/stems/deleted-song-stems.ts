import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { SongDeleted } from "#events/contracts/catalog.ts"
import { runCommand } from "#events/handle-command.ts"
import { decodeAll, type EventStore, type Subscription } from "#events/store/index.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { failure } from "./stems-decider.ts"
import { stemsOf, stemsState } from "./stems-source.ts"

const decode = decodeAll(SongDeleted)
const actor = Actors.system("stems")
const deleted = "The song was deleted while its stems were made."

/**
 * A deleted song's stems go with it: stems still being made fail, so whoever paid for them is refunded,
 * and the job drops its zip when it ends (stems-job.ts); a zip made before this reaction's turn is removed
 * (the reaction that removes the song's files may have run before the zip was stored). Replayed, it
 * changes nothing more.
 */
export const endDeletedSongStems: Subscription<FileStorage | EventStore | SqlClient.SqlClient> = {
  name: "media:end-deleted-song-stems",
  types: ["SongDeleted"],
  onPoison: "pause",
  handle: (events) =>
    Effect.gen(function* () {
      const storage = yield* FileStorage
      for (const { event } of yield* decode(events)) {
        if (event.versionId === null) continue
        const state = yield* stemsState(event.versionId)
        if (state._tag === "Making")
          yield* runCommand({
            ...stemsOf(event.versionId),
            command: failure(state, deleted),
            actor,
          }).pipe(Effect.orDie)
        if (state._tag === "Made") yield* storage.remove(state.key).pipe(Effect.orDie)
      }
    }),
}
