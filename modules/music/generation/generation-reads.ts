import { Effect, Option, Redacted, Schedule } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { GenerationCredits } from "#toolkit/generation-credits.ts"
import { secretEquals } from "#toolkit/secret-equals.ts"
import { MusicConfig } from "../config.ts"
import type { GenerationState } from "./generation-state.ts"
import { statusView } from "./status-view.ts"

const notFound = new NotFound({ message: "This song generation does not exist." })

/**
 * What is asked of a generation from outside its steps: its owner's status and files, and the music
 * API's "look now". `load` reads its state; `schedule` queues its next step at once.
 */
export const makeGenerationReads = (generation: {
  readonly load: (generationId: string) => Effect.Effect<GenerationState>
  readonly schedule: (generationId: string, next: "now") => Effect.Effect<void>
}) =>
  Effect.gen(function* () {
    const credits = yield* GenerationCredits
    const config = yield* MusicConfig
    const { load, schedule } = generation

    const status = (user: SignedInUser, generationId: string) =>
      Effect.gen(function* () {
        const state = yield* load(generationId)
        if (state._tag === "None" || state.request.userId !== user.userId) {
          return yield* notFound
        }
        if (state._tag !== "Failed") return statusView(state, false)
        // Billing refunds in its own reaction, moments after the failure: wait for it a little.
        const refunded = yield* credits.refunded(user.userId, generationId).pipe(
          Effect.filterOrFail((done) => done),
          Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("3 seconds"))),
          Effect.orElseSucceed(() => false),
        )
        return statusView(state, refunded)
      })

    const callback = (secret: string, generationId: string) =>
      Effect.gen(function* () {
        const expected = Option.map(config.musicApi, (api) => Redacted.value(api.callbackSecret))
        if (Option.isNone(expected) || !secretEquals(secret, expected.value)) return yield* notFound
        const state = yield* load(generationId)
        if (state._tag === "Running") yield* schedule(generationId, "now")
        return { code: 200, msg: "success" }
      })

    const versionFile = (user: SignedInUser, generationId: string, index: number) =>
      Effect.gen(function* () {
        const state = yield* load(generationId)
        if (state._tag === "None" || state.request.userId !== user.userId) return yield* notFound
        const version = state.versions.find((v) => v.index === index)
        if (!version) return yield* notFound
        return { version, title: state.request.title }
      })

    return { status, callback, versionFile }
  })
