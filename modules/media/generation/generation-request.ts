import { Effect } from "effect"
import type { SignedInUser } from "#events/contracts/auth.ts"
import { songCost } from "#events/contracts/prices.ts"
import { type GenerateSongPayload, MissingInformation } from "../api.ts"
import { chosenVoice } from "../voices/voice-choice.ts"
import type { PaidStart } from "./paid-start.ts"

const missingFields = (payload: GenerateSongPayload) =>
  (["lyrics", "title", "style"] as const).filter(
    (field) => payload[field] === "" && !(field === "lyrics" && payload.instrumental),
  )

/** The paid request for a song made from scratch. */
export const makeGenerationRequest = (start: PaidStart) =>
  Effect.fn("Generations.request")(function* (user: SignedInUser, payload: GenerateSongPayload) {
    const missing = missingFields(payload)
    if (missing.length > 0) {
      return yield* new MissingInformation({
        message: `Missing information: ${missing.join(", ")}`,
        missing,
      })
    }
    const { voiceId, ...song } = payload
    const voice = yield* chosenVoice(user.userId, voiceId)
    return yield* start(
      user,
      { ...song, reshaping: null, voice },
      { credits: songCost, spentOn: "generation" },
    )
  })
