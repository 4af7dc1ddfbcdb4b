import { Effect, Option } from "effect"
import { v7 as uuidv7 } from "uuid"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import type { MusicMakerName } from "#events/contracts/media.ts"
import type { CreditUse } from "#events/contracts/song-operations.ts"
import { runCommand, type Writes } from "#events/handle-command.ts"
import { EventStore } from "#events/store/index.ts"
import type { InsufficientCredits } from "#modules/billing/api-credit-refusals.ts"
import { now } from "#toolkit/clock.ts"
import { GenerationCredits } from "#toolkit/generation-credits.ts"
import { GenerationStarted } from "../api.ts"
import { MusicConfig, type MusicConfigShape } from "../config.ts"
import { streamOf } from "./generation-decider.ts"
import type { SongToMake } from "./generation-state.ts"

/** The maker new songs are made with: the music API when one is configured, the engine otherwise. */
export const activeMaker = (config: MusicConfigShape): MusicMakerName =>
  Option.isSome(config.musicApi) ? "music-api" : "engine"

/** Starts a paid song; refused for want of credits, with nothing taken. (Its limits are heavy work's.) */
export type PaidStart = (
  user: SignedInUser,
  song: SongToMake,
  price: { readonly credits: number; readonly spentOn: CreditUse },
) => Writes<GenerationStarted, InsufficientCredits>

/**
 * Starts a paid song: the debit, the request and the first step's job commit in one transaction, so a
 * request is never paid without being made, nor made without being paid.
 */
export const makePaidStart = (steps: {
  readonly schedule: (generationId: string, next: "now") => Effect.Effect<void>
}) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const credits = yield* GenerationCredits
    const config = yield* MusicConfig
    const { schedule } = steps

    const start: PaidStart = (user, song, price) =>
      Effect.gen(function* () {
        const generationId = uuidv7()
        yield* credits.topUp(user)
        const debited = yield* store.transaction(
          Effect.gen(function* () {
            const position = yield* credits.debit({
              userId: user.userId,
              generationId,
              amount: price.credits,
              spentOn: price.spentOn,
              actor: actorOf(user),
            })
            yield* runCommand({
              ...streamOf(generationId),
              command: {
                _tag: "RequestGeneration",
                request: {
                  generationId,
                  userId: user.userId,
                  ...song,
                  credits: price.credits,
                  maker: activeMaker(config),
                  requestedAt: yield* now,
                },
              },
              actor: actorOf(user),
            }).pipe(Effect.orDie)
            yield* schedule(generationId, "now")
            return position
          }),
        )
        // The balance the screens read shows the debit before the answer goes out.
        if (debited) yield* credits.shown(debited)
        return new GenerationStarted({ taskId: generationId })
      })
    return start
  })
