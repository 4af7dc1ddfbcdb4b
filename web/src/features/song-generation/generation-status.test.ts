import { describe, expect, it } from "vitest"
import { CreditRefund, GeneratedSong } from "#modules/music/api.ts"
import {
  failureText,
  insufficientCreditsMessage,
  isFinal,
  missingFields,
  playableAudioOf,
  versionTitle,
} from "./generation-status.ts"

const version = (audioUrl: string, streamAudioUrl: string) =>
  new GeneratedSong({
    id: "v1",
    audioUrl,
    audio_url: audioUrl,
    streamAudioUrl,
    stream_audio_url: streamAudioUrl,
    sourceAudioUrl: audioUrl,
    source_audio_url: audioUrl,
    sourceStreamAudioUrl: streamAudioUrl,
    source_stream_audio_url: streamAudioUrl,
    title: "Night Bus",
    duration: 92.5,
    prompt: "[Verse 1]",
    imageUrl: null,
  })

describe("generation status", () => {
  it("polls until the server says the generation is done or failed", () => {
    for (const phase of ["arranging", "previewing"] as const) {
      expect(isFinal({ phase })).toBe(false)
    }
    expect(isFinal({ phase: "done" })).toBe(true)
    expect(isFinal({ phase: "failed" })).toBe(true)
  })

  it("says why it failed, and the refund when there was one", () => {
    expect(failureText({ error: null, creditRefund: null })).toEqual({
      reason: "Failed to generate songs",
      refund: null,
    })
    expect(
      failureText({
        error: "The song took too long to generate.",
        creditRefund: new CreditRefund({ refunded: true, amount: 5 }),
      }),
    ).toEqual({
      reason: "The song took too long to generate.",
      refund: "Your 5 credits have been automatically refunded.",
    })
  })

  it("plays the stream until the final audio exists", () => {
    expect(playableAudioOf(version("", "/api/media/versions/v1/audio"))).toBe(
      "/api/media/versions/v1/audio",
    )
    expect(playableAudioOf(version("/final.mp3", "/stream"))).toBe("/final.mp3")
    expect(versionTitle("Night Bus", 2)).toBe("Night Bus (Version 2)")
  })

  it("names every field that is empty once trimmed", () => {
    expect(missingFields({ title: "  ", style: "Pop", lyrics: "\n" })).toEqual(["lyrics", "title"])
    expect(missingFields({ title: "A", style: "B", lyrics: "C" })).toEqual([])
    // An instrumental needs no lyrics; title and style it still needs.
    expect(missingFields({ title: " ", style: "B", lyrics: "", instrumental: true })).toEqual([
      "title",
    ])
  })

  it("refuses below the song's cost in the spec's words", () => {
    expect(insufficientCreditsMessage(3)).toBe(
      "You need 5 credits to generate a song. You currently have 3 credits.",
    )
  })

  it("says below zero that a refund or a lost dispute took credits, and how much is owed", () => {
    expect(insufficientCreditsMessage(-7)).toBe(
      "A refund or a lost dispute took back credits you had spent: your balance is -7 credits. Buy credits to settle it before starting anything paid.",
    )
  })
})
