import { describe, it } from "@effect/vitest"
import { VoiceForgotten, VoiceKept } from "#events/contracts/voices.ts"
import { given } from "#events/testing.ts"
import { type KeptVoice, voiceCollection, voiceLimit } from "./voice-collection.ts"

const voice = (voiceId: string, name = `Voice ${voiceId}`): KeptVoice => ({
  userId: "u1",
  voiceId,
  name,
  description: "",
  style: "pop, female vocals",
  songId: "s1",
  songTitle: "Paper Boats (Version 1)",
  singer: { gender: "female", delivery: "sing" },
  keptAt: new Date("2026-11-25T10:00:00Z"),
})
const kept = (v: KeptVoice) => new VoiceKept(v)

describe("a person's voice collection", () => {
  it("keeps a voice once; the same request again changes nothing", () => {
    given(voiceCollection, [])
      .when({ _tag: "KeepVoice", voice: voice("v1") })
      .thenEmits([kept(voice("v1"))])
    given(voiceCollection, [kept(voice("v1"))])
      .when({ _tag: "KeepVoice", voice: voice("v1") })
      .thenEmits([])
  })

  it("refuses a name it already has, whatever its case and spaces, and more than its limit", () => {
    given(voiceCollection, [kept(voice("v1", "Alto"))])
      .when({ _tag: "KeepVoice", voice: voice("v2", " alto ") })
      .thenFails("VoiceNameTaken")
    const full = Array.from({ length: voiceLimit }, (_, i) => kept(voice(`v${i}`)))
    given(voiceCollection, full)
      .when({ _tag: "KeepVoice", voice: voice("one-more") })
      .thenFails("TooManyVoices")
  })

  it("forgets a voice it has, and frees its name; an unknown one is not found", () => {
    const forgotten = new VoiceForgotten({ userId: "u1", voiceId: "v1" })
    given(voiceCollection, [kept(voice("v1", "Alto"))])
      .when({ _tag: "ForgetVoice", userId: "u1", voiceId: "v1" })
      .thenEmits([forgotten])
    given(voiceCollection, [kept(voice("v1", "Alto")), forgotten])
      .when({ _tag: "ForgetVoice", userId: "u1", voiceId: "v1" })
      .thenFails("NoSuchVoice")
    given(voiceCollection, [kept(voice("v1", "Alto")), forgotten])
      .when({ _tag: "KeepVoice", voice: voice("v2", "Alto") })
      .thenEmits([kept(voice("v2", "Alto"))])
  })
})
