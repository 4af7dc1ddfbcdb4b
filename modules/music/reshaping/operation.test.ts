import { describe, expect, it } from "@effect/vitest"
import {
  SongGenerationFailed,
  SongGenerationProgressed,
  SongGenerationRequested,
  SongGenerationSubmitted,
  SongGenerationSucceeded,
} from "#events/contracts/media.ts"
import type { Reshaping } from "#events/contracts/song-operations.ts"
import { fold } from "#events/decider.ts"
import { given } from "#events/testing.ts"
import { generation } from "../generation/generation-decider.ts"

const ids = { generationId: "g2", userId: "u1" }
const from = { songId: "s1", versionId: "g1-1", title: "Paper Boats (Version 1)" }
const operations: ReadonlyArray<Reshaping> = [
  { _tag: "extend", ...from, atMs: 61_000, continuation: "[Verse]\nThe rain has stopped" },
  {
    _tag: "replace-section",
    ...from,
    startMs: 12_000,
    endMs: 24_000,
    section: "[Verse 2]",
    lines: "New words for the second verse",
  },
  { _tag: "restyle", ...from },
]

const version = (index: number) => ({
  versionId: `g2-${index}`,
  index,
  audioKey: `generations/g2/${index}.mp3`,
  imageKey: null,
  sourceImageUrl: null,
  durationMs: 90_000,
})

const story = (reshaping: Reshaping, credits: number) => {
  const request = {
    ...ids,
    title: "Paper Boats (Extended)",
    style: "folk, female vocals",
    lyrics: "[Verse 1]\nPaper boats on a rainy street",
    instrumental: false,
    reshaping,
    voice: null,
    credits,
    maker: "engine" as const,
    requestedAt: new Date("2026-11-25T10:00:00Z"),
  }
  const requested = new SongGenerationRequested(request)
  const submitted = new SongGenerationSubmitted({ ...ids, makerTaskId: "engine-g2" })
  const first = new SongGenerationProgressed({
    ...ids,
    status: "FIRST_SUCCESS",
    versions: [version(1)],
  })
  return { request, requested, submitted, first }
}

describe("an operation on a song", () => {
  it("is requested once, with the song and operation it reshapes", () => {
    for (const reshaping of operations) {
      const { request, requested } = story(reshaping, 3)
      given(generation, []).when({ _tag: "RequestGeneration", request }).thenEmits([requested])
      given(generation, [requested])
        .when({ _tag: "RequestGeneration", request })
        .thenFails("GenerationExists")
    }
  })

  it("succeeds once, its versions knowing the song and operation they came from", () => {
    for (const reshaping of operations) {
      const { requested, submitted, first } = story(reshaping, 5)
      const succeeded = new SongGenerationSucceeded({
        ...ids,
        title: "Paper Boats (Extended)",
        style: "folk, female vocals",
        lyrics: "[Verse 1]\nPaper boats on a rainy street",
        versions: [version(1), version(2)],
        origin: { operation: reshaping._tag, songId: "s1", title: "Paper Boats (Version 1)" },
      })
      const history = [requested, submitted, first]
      given(generation, history)
        .when({ _tag: "RecordSuccess", versions: [version(1), version(2)] })
        .thenEmits([succeeded])
      given(generation, [...history, succeeded])
        .when({ _tag: "RecordSuccess", versions: [version(1), version(2)] })
        .thenEmits([])
    }
  })

  it("fails at any stage with its own price to refund, and only once whatever is reported after", () => {
    const { requested, submitted, first } = story(operations[0]!, 3)
    for (const history of [[requested], [requested, submitted], [requested, submitted, first]]) {
      const failed = new SongGenerationFailed({
        ...ids,
        status: "GENERATE_AUDIO_FAILED",
        reason: "The music engine failed",
        credits: 3,
      })
      given(generation, history)
        .when({ _tag: "RecordFailure", status: failed.status, reason: failed.reason })
        .thenEmits([failed])
      for (const late of [
        { _tag: "RecordFailure", status: "TIMEOUT", reason: "again" },
        { _tag: "RecordSuccess", versions: [version(1)] },
        { _tag: "RecordProgress", status: "FIRST_SUCCESS", versions: [version(2)] },
      ] as const) {
        given(generation, [...history, failed])
          .when(late)
          .thenEmits([])
      }
    }
  })

  it("records progress like a generation: a repeated step is dropped", () => {
    const { requested, submitted, first } = story(operations[2]!, 5)
    given(generation, [requested, submitted, first])
      .when({ _tag: "RecordProgress", status: "FIRST_SUCCESS", versions: [version(1)] })
      .thenEmits([])
    expect(fold(generation, [requested, submitted, first])).toMatchObject({
      _tag: "Running",
      request: { reshaping: { _tag: "restyle", songId: "s1" } },
    })
  })
})
