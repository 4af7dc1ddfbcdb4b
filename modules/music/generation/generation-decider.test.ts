import { describe, expect, it } from "@effect/vitest"
import {
  SongGenerationFailed,
  SongGenerationProgressed,
  SongGenerationRequested,
  SongGenerationSubmitted,
  SongGenerationSucceeded,
} from "#events/contracts/media.ts"
import { fold } from "#events/decider.ts"
import { given } from "#events/testing.ts"
import { generation } from "./generation-decider.ts"
import { isFailureStatus, phaseOf } from "./generation-state.ts"

const request = {
  generationId: "g1",
  userId: "u1",
  title: "Paper Boats",
  style: "folk, female vocals",
  lyrics: "[Verse 1]\nPaper boats on a rainy street",
  instrumental: false,
  reshaping: null,
  voice: null,
  credits: 5,
  maker: "music-api" as const,
  requestedAt: new Date("2026-11-21T10:00:00Z"),
}
const requested = new SongGenerationRequested(request)
const ids = { generationId: "g1", userId: "u1" }
const submitted = new SongGenerationSubmitted({ ...ids, makerTaskId: "t1" })
const version = (index: number) => ({
  versionId: `g1-${index}`,
  index,
  audioKey: `generations/g1/${index}.mp3`,
  imageKey: null,
  sourceImageUrl: null,
  durationMs: 120_000,
})
const first = new SongGenerationProgressed({
  ...ids,
  status: "FIRST_SUCCESS",
  versions: [version(1)],
})
const succeeded = new SongGenerationSucceeded({
  ...ids,
  title: request.title,
  style: request.style,
  lyrics: request.lyrics,
  versions: [version(1), version(2)],
})
const failed = new SongGenerationFailed({
  ...ids,
  status: "GENERATE_AUDIO_FAILED",
  reason: "The music could not be made.",
  credits: 5,
})

describe("a song generation", () => {
  it("is requested once", () => {
    given(generation, []).when({ _tag: "RequestGeneration", request }).thenEmits([requested])
    given(generation, [requested])
      .when({ _tag: "RequestGeneration", request })
      .thenFails("GenerationExists")
    given(generation, [])
      .when({ _tag: "RecordSubmission", makerTaskId: "t1" })
      .thenFails("NoSuchGeneration")
  })

  it("remembers the first task id it was submitted as", () => {
    given(generation, [requested])
      .when({ _tag: "RecordSubmission", makerTaskId: "t1" })
      .thenEmits([submitted])
    given(generation, [requested, submitted])
      .when({ _tag: "RecordSubmission", makerTaskId: "t2" })
      .thenEmits([])
  })

  it("records a step only when it tells something new, whatever order steps come in", () => {
    const history = [requested, submitted]
    given(generation, history)
      .when({ _tag: "RecordProgress", status: "FIRST_SUCCESS", versions: [version(1)] })
      .thenEmits([first])
    given(generation, [...history, first])
      .when({ _tag: "RecordProgress", status: "FIRST_SUCCESS", versions: [version(1)] })
      .thenEmits([])
    // A late TEXT_SUCCESS after FIRST_SUCCESS does not step back.
    given(generation, [...history, first])
      .when({ _tag: "RecordProgress", status: "TEXT_SUCCESS", versions: [] })
      .thenEmits([])
    // A new version at the same step is news; the step stays where it was.
    given(generation, [...history, first])
      .when({ _tag: "RecordProgress", status: "TEXT_SUCCESS", versions: [version(2)] })
      .thenEmits([
        new SongGenerationProgressed({
          ...ids,
          status: "FIRST_SUCCESS",
          versions: [version(1), version(2)],
        }),
      ])
  })

  it("ends once, as a success with versions or as a failure with what it cost", () => {
    const history = [requested, submitted, first]
    given(generation, history)
      .when({ _tag: "RecordSuccess", versions: [version(1), version(2)] })
      .thenEmits([succeeded])
    given(generation, history).when({ _tag: "RecordSuccess", versions: [] }).thenFails("NoVersions")
    given(generation, history)
      .when({ _tag: "RecordFailure", status: failed.status, reason: failed.reason })
      .thenEmits([failed])
  })

  it("hears nothing after its end: repeated and late reports change nothing", () => {
    for (const end of [succeeded, failed]) {
      const history = [requested, submitted, end]
      given(generation, history)
        .when({ _tag: "RecordFailure", status: "CALLBACK_EXCEPTION", reason: "late" })
        .thenEmits([])
      given(generation, history)
        .when({ _tag: "RecordSuccess", versions: [version(1)] })
        .thenEmits([])
      given(generation, history)
        .when({ _tag: "RecordProgress", status: "FIRST_SUCCESS", versions: [version(1)] })
        .thenEmits([])
    }
  })

  it("folds to its end and keeps what it had stored", () => {
    const state = fold(generation, [requested, submitted, first, failed])
    expect(state).toMatchObject({ _tag: "Failed", status: "GENERATE_AUDIO_FAILED" })
    expect(state._tag === "Failed" && state.versions).toEqual([version(1)])
  })
})

describe("a maker's failure status", () => {
  it("is any status with FAILED, a sensitive word or a callback exception; steps are not", () => {
    for (const status of [
      "FAILED",
      "GENERATE_AUDIO_FAILED",
      "CREATE_TASK_FAILED",
      "SENSITIVE_WORD_ERROR",
      "CALLBACK_EXCEPTION",
    ]) {
      expect(isFailureStatus(status)).toBe(true)
    }
    for (const status of ["PENDING", "TEXT_SUCCESS", "FIRST_SUCCESS", "SUCCESS", "GENERATING"]) {
      expect(isFailureStatus(status)).toBe(false)
    }
  })
})

describe("a generation's phase", () => {
  const phaseAfter = (events: ReadonlyArray<Parameters<typeof generation.evolve>[1]>) => {
    const state = fold(generation, events)
    if (state._tag === "None") throw new Error("no generation")
    return phaseOf(state)
  }
  const progressed = (status: string) =>
    new SongGenerationProgressed({ ...ids, status, versions: [] })

  it("is arranging until the first version is heard, then previewing, then done", () => {
    expect(phaseAfter([requested])).toBe("arranging")
    expect(phaseAfter([requested, submitted, progressed("TEXT_SUCCESS")])).toBe("previewing")
    expect(phaseAfter([requested, submitted, first])).toBe("previewing")
    expect(phaseAfter([requested, submitted, first, succeeded])).toBe("done")
    // The engine's songs are heard once the first version is rendered, not before.
    const engine = new SongGenerationRequested({ ...request, maker: "engine" })
    expect(phaseAfter([engine, submitted, progressed("TEXT_SUCCESS")])).toBe("arranging")
    expect(phaseAfter([engine, submitted, first])).toBe("previewing")
  })

  it("stays where it was for a step it has not heard of, and is failed only when the generation failed", () => {
    expect(phaseAfter([requested, submitted, progressed("GENERATING")])).toBe("arranging")
    expect(phaseAfter([requested, submitted, first, progressed("GENERATING")])).toBe("previewing")
    expect(phaseAfter([requested, submitted, failed])).toBe("failed")
  })
})
