import { text } from "node:stream/consumers"
import { Effect, Schema } from "effect"
import { FileStorage } from "#toolkit/storage/index.ts"
import { RenderFacts } from "../ports.ts"
import { generationOfVersion, versionKeys } from "./music-maker.ts"

const decode = Schema.decodeUnknown(Schema.parseJson(RenderFacts))

/**
 * The engine's musical facts of each version it rendered, kept beside its MP3: what an operation on the
 * song starts from. A version from another maker has none.
 */
export const makeRenderFactsStore = Effect.gen(function* () {
  const storage = yield* FileStorage

  const write = (generationId: string, index: number, facts: RenderFacts) =>
    storage
      .put(versionKeys(generationId, index).facts, Buffer.from(JSON.stringify(facts)))
      .pipe(Effect.orDie, Effect.asVoid)

  const read = (versionId: string) =>
    Effect.gen(function* () {
      const ids = generationOfVersion(versionId)
      if (!ids) return undefined
      const key = versionKeys(ids.generationId, ids.index).facts
      if ((yield* storage.stat(key)) === undefined) return undefined
      const stream = yield* storage.read(key)
      const stored = yield* Effect.promise(() => text(stream))
      return yield* decode(stored).pipe(
        Effect.tapError((error) => Effect.logWarning("Unreadable render facts", key, error)),
        Effect.orElseSucceed(() => undefined),
      )
    }).pipe(Effect.orDie)

  return { write, read }
})
