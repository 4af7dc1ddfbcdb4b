import { Data, Either } from "effect"
import { VoiceEvent, VoiceForgotten, VoiceKept, voiceStreams } from "#events/contracts/voices.ts"
import type { Decider } from "#events/decider.ts"

/** A person may keep this many voices at once. */
export const voiceLimit = 50

export type KeptVoice = Omit<VoiceKept, "_tag">

/** A person's kept voices, in the order they were kept. */
export type VoiceCollection = ReadonlyArray<KeptVoice>

export type VoiceCommand =
  | { readonly _tag: "KeepVoice"; readonly voice: KeptVoice }
  | { readonly _tag: "ForgetVoice"; readonly userId: string; readonly voiceId: string }

export class VoiceNameTaken extends Data.TaggedError("VoiceNameTaken")<{ readonly name: string }> {}
export class TooManyVoices extends Data.TaggedError("TooManyVoices") {}
export class NoSuchVoice extends Data.TaggedError("NoSuchVoice") {}

export type VoiceRefusal = VoiceNameTaken | TooManyVoices | NoSuchVoice

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

export const voiceCollection: Decider<VoiceCommand, VoiceEvent, VoiceCollection, VoiceRefusal> = {
  initialState: [],
  evolve: (voices, event) => {
    switch (event._tag) {
      case "VoiceKept": {
        const { _tag, ...kept } = event
        return [...voices, kept]
      }
      case "VoiceForgotten":
        return voices.filter((voice) => voice.voiceId !== event.voiceId)
    }
  },
  decide: (command, voices) => {
    switch (command._tag) {
      case "KeepVoice": {
        const { voice } = command
        // Keeping the same voice again (a retried request) changes nothing.
        if (voices.some((kept) => kept.voiceId === voice.voiceId)) return Either.right([])
        if (voices.some((kept) => sameName(kept.name, voice.name)))
          return Either.left(new VoiceNameTaken({ name: voice.name }))
        if (voices.length >= voiceLimit) return Either.left(new TooManyVoices())
        return Either.right([new VoiceKept(voice)])
      }
      case "ForgetVoice":
        return voices.some((voice) => voice.voiceId === command.voiceId)
          ? Either.right([new VoiceForgotten({ userId: command.userId, voiceId: command.voiceId })])
          : Either.left(new NoSuchVoice())
    }
  },
}

/** A person's voice collection: what voice commands run on. */
export const voiceStream = (userId: string) => ({
  decider: voiceCollection,
  events: VoiceEvent,
  streamId: voiceStreams.collection(userId),
})
