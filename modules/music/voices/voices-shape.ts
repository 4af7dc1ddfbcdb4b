import type { Effect } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import type { NotFound } from "#api/refusals.ts"
import type { Writes } from "#events/handle-command.ts"
import type { InvalidVoice, KeepVoicePayload, VoiceUnavailable, VoiceView } from "../api.ts"

/**
 * A person's kept voices: taken from one of their own songs (free), listed newest first, forgotten on
 * request. Nobody else can see, use or forget them.
 */
export interface VoicesShape {
  readonly keep: (
    user: SignedInUser,
    payload: KeepVoicePayload,
  ) => Writes<VoiceView, NotFound | InvalidVoice | VoiceUnavailable>
  readonly list: (user: SignedInUser) => Effect.Effect<ReadonlyArray<VoiceView>>
  readonly forget: (user: SignedInUser, voiceId: string) => Writes<void, NotFound>
}
