import { Effect } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import type { MusicMakerName } from "#events/contracts/media.ts"
import { songCost } from "#modules/billing/api-prices.ts"
import type { ContentChecks } from "#toolkit/content-checks/index.ts"
import { type GenerateSongPayload, MissingInformation } from "../api.ts"
import { makerSings } from "../makers/maker-accepts.ts"
import { chosenVoice } from "../voices/voice-choice.ts"
import type { PaidStart } from "./paid-start.ts"

const missingFields = (payload: GenerateSongPayload) =>
  (["lyrics", "title", "style"] as const).filter(
    (field) => payload[field] === "" && !(field === "lyrics" && payload.instrumental),
  )

/** The words a song is made from, as content checks name them. */
export const songWords = (song: {
  readonly title?: string
  readonly lyrics?: string
  readonly style?: string
}) => [
  { field: "title", label: "The title", text: song.title ?? "" },
  { field: "lyrics", label: "The lyrics", text: song.lyrics ?? "" },
  { field: "style", label: "The style", text: song.style ?? "", style: true },
]

/** The paid request for a song made from scratch, by the maker in use; its words checked before the debit. */
export const makeGenerationRequest = (
  start: PaidStart,
  maker: MusicMakerName,
  checks: typeof ContentChecks.Service,
) =>
  Effect.fn("Generations.request")(function* (user: SignedInUser, payload: GenerateSongPayload) {
    const missing = missingFields(payload)
    if (missing.length > 0) {
      return yield* new MissingInformation({
        message: `Missing information: ${missing.join(", ")}`,
        missing,
      })
    }
    yield* checks.check(songWords(payload))
    const { voiceId, ...words } = payload
    const voice = yield* chosenVoice(user.userId, voiceId)
    const song = { ...words, operation: null, voice }
    yield* makerSings(maker, song)
    return yield* start(user, song, { credits: songCost, spentOn: "generation" })
  })
