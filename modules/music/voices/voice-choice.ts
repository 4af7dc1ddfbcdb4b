import { Effect } from "effect"
import { NotFound } from "#api/refusals.ts"
import type { ChosenVoice } from "#events/contracts/voices.ts"
import { loadAggregate } from "#events/decider.ts"
import { voiceStream } from "./voice-collection.ts"

/**
 * The kept voice a request asks to be sung by, from the person's own collection: anyone else's voice is
 * not found, whatever its id.
 */
export const chosenVoice = (userId: string, voiceId: string | undefined) =>
  Effect.gen(function* () {
    if (voiceId === undefined || voiceId === "") return null
    const { state } = yield* loadAggregate(voiceStream(userId)).pipe(Effect.orDie)
    const voice = state.find((kept) => kept.voiceId === voiceId)
    if (!voice)
      return yield* new NotFound({ message: "This voice does not exist, or it is private." })
    return {
      voiceId,
      name: voice.name,
      singer: voice.singer,
      ...(voice.personaId ? { personaId: voice.personaId } : {}),
    } satisfies ChosenVoice
  })
