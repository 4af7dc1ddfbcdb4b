import { Schema } from "effect"

/**
 * Voices people keep ("personas"): a singer taken from one of their songs, to sing later ones. All of a
 * person's voices are on their `voices-<userId>` stream, so a voice is private by where it lives, and
 * names stay unique in one decision.
 */

export const voiceStreams = {
  collection: (userId: string) => `voices-${userId}`,
}

/** The singer as the offline engine sings: who, and whether sung or rapped. */
export const SingerSettings = Schema.Struct({
  gender: Schema.Literal("female", "male"),
  delivery: Schema.Literal("sing", "rap"),
})
export type SingerSettings = typeof SingerSettings.Type

export class VoiceKept extends Schema.TaggedClass<VoiceKept>()("VoiceKept", {
  userId: Schema.String,
  voiceId: Schema.String,
  name: Schema.String,
  description: Schema.String,
  /** The style of the song it was kept from, offered again with the voice. */
  style: Schema.String,
  songId: Schema.String,
  songTitle: Schema.String,
  singer: SingerSettings,
  /** The music API's persona of the voice, when the music API kept it. */
  personaId: Schema.optional(Schema.String),
  keptAt: Schema.Date,
}) {}

export class VoiceForgotten extends Schema.TaggedClass<VoiceForgotten>()("VoiceForgotten", {
  userId: Schema.String,
  voiceId: Schema.String,
}) {}

export const VoiceEvent = Schema.Union(VoiceKept, VoiceForgotten)
export type VoiceEvent = typeof VoiceEvent.Type

/** A kept voice as a song request carries it: the singer every render of the request uses. */
export const ChosenVoice = Schema.Struct({
  voiceId: Schema.String,
  name: Schema.String,
  singer: SingerSettings,
  personaId: Schema.optional(Schema.String),
})
export type ChosenVoice = typeof ChosenVoice.Type
