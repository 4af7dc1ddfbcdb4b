import { Effect, Option } from "effect"
import { v7 as uuidv7 } from "uuid"
import { actorOf, type SignedInUser } from "#events/contracts/auth.ts"
import { songCost } from "#events/contracts/billing.ts"
import { runCommand } from "#events/handle-command.ts"
import { EventStore } from "#events/store/index.ts"
import { now } from "#toolkit/clock.ts"
import { RateLimiter } from "#toolkit/rate-limit.ts"
import { type GenerateSongPayload, GenerationStarted, MissingInformation } from "../api.ts"
import { MediaConfig } from "../config.ts"
import { GenerationCredits } from "../ports.ts"
import { streamOf } from "./generation-stream.ts"

const missingFields = (payload: GenerateSongPayload) =>
  (["lyrics", "title", "style"] as const).filter(
    (field) => payload[field] === "" && !(field === "lyrics" && payload.instrumental),
  )

/**
 * The paid request for a song. `started` tells the recovery sweep the generation is running and
 * `schedule` queues its first step; both commit with the debit and the request.
 */
export const makeGenerationRequest = (steps: {
  readonly started: (row: { readonly generation_id: string }) => Effect.Effect<void>
  readonly schedule: (generationId: string, next: "now") => Effect.Effect<void>
}) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const credits = yield* GenerationCredits
    const limiter = yield* RateLimiter
    const config = yield* MediaConfig
    const { started, schedule } = steps

    return Effect.fn("Generations.request")(function* (
      user: SignedInUser,
      payload: GenerateSongPayload,
    ) {
      const missing = missingFields(payload)
      if (missing.length > 0) {
        return yield* new MissingInformation({
          message: `Missing information: ${missing.join(", ")}`,
          missing,
        })
      }
      yield* limiter.hit(`generate-song:${user.userId}`, {
        max: config.generationsPerHour,
        per: "1 hour",
      })
      const generationId = uuidv7()
      const debited = yield* store.transaction(
        Effect.gen(function* () {
          const position = yield* credits.debit({
            userId: user.userId,
            generationId,
            amount: songCost,
            actor: actorOf(user),
          })
          yield* runCommand({
            ...streamOf(generationId),
            command: {
              _tag: "RequestGeneration",
              request: {
                generationId,
                userId: user.userId,
                ...payload,
                credits: songCost,
                maker: Option.isSome(config.musicApi) ? "music-api" : "engine",
                requestedAt: yield* now,
              },
            },
            actor: actorOf(user),
          }).pipe(Effect.orDie)
          yield* started({ generation_id: generationId })
          yield* schedule(generationId, "now")
          return position
        }),
      )
      // The balance the screens read shows the debit before the answer goes out.
      if (debited) yield* credits.shown(debited)
      return new GenerationStarted({ taskId: generationId })
    })
  })
