import { describe, expect, it } from "@effect/vitest"
import {
  VideoExportCompleted,
  type VideoExportEvent,
  VideoExportFailed,
  VideoExportProgressed,
  VideoExportRequested,
  VideoExportStarted,
} from "#events/contracts/video-exports.ts"
import { exportView } from "./video-export-status.ts"

const at = (second: number) => new Date(Date.UTC(2026, 10, 21, 12, 0, second))
const requested = (jobId: string) =>
  new VideoExportRequested({
    jobId,
    userId: "u1",
    songId: "s1",
    format: "tiktok",
    songTitle: "Night Bus",
    durationSeconds: 30,
    audioKey: "songs/s1.mp3",
    coverKey: null,
    requestedAt: at(0),
  })
const ids = { userId: "u1" }
const history = (...events: ReadonlyArray<VideoExportEvent>) =>
  events.map((event, i) => ({ event, recordedAt: at(i) }))

describe("an export's status", () => {
  it("is queued, then processing with the render's step, then completed at 100", () => {
    const events = history(
      requested("j1"),
      new VideoExportStarted({ jobId: "j1", ...ids, attempt: 1 }),
      new VideoExportProgressed({ jobId: "j1", ...ids, progress: 45, step: "Rendering video" }),
    )
    expect(exportView(events.slice(0, 1), "j1")?.state).toEqual({
      status: "queued",
      progress: 0,
      step: "Waiting for the renderer",
    })
    expect(exportView(events.slice(0, 2), "j1")?.state.status).toBe("processing")
    expect(exportView(events, "j1")?.state).toEqual({
      status: "processing",
      progress: 45,
      step: "Rendering video",
    })
    const done = history(
      ...events.map((e) => e.event),
      new VideoExportCompleted({ jobId: "j1", ...ids, videoKey: "videos/j1.mp4", sizeBytes: 9 }),
    )
    const view = exportView(done, "j1")
    expect(view?.state).toMatchObject({
      status: "completed",
      progress: 100,
      videoKey: "videos/j1.mp4",
    })
    expect(view?.updatedAt).toEqual(at(3))
  })

  it("keeps the progress it reached when it fails, with the reason", () => {
    const events = history(
      requested("j1"),
      new VideoExportProgressed({ jobId: "j1", ...ids, progress: 60, step: "Rendering video" }),
      new VideoExportFailed({ jobId: "j1", ...ids, reason: "Invalid data", timedOut: false }),
    )
    expect(exportView(events, "j1")?.state).toEqual({
      status: "failed",
      progress: 60,
      step: "Export failed",
      reason: "Invalid data",
      timedOut: false,
    })
  })

  it("reads only its own export among a person's others, and nothing for an unknown id", () => {
    const events = history(
      requested("j1"),
      new VideoExportFailed({ jobId: "j1", ...ids, reason: "x", timedOut: true }),
      requested("j2"),
      new VideoExportProgressed({ jobId: "j2", ...ids, progress: 10, step: "Rendering video" }),
    )
    expect(exportView(events, "j1")?.state).toMatchObject({ status: "failed", timedOut: true })
    expect(exportView(events, "j2")?.state).toMatchObject({ status: "processing", progress: 10 })
    expect(exportView(events, "j3")).toBeUndefined()
  })

  it("ignores reports after its end", () => {
    const events = history(
      requested("j1"),
      new VideoExportCompleted({ jobId: "j1", ...ids, videoKey: "videos/j1.mp4", sizeBytes: 9 }),
      new VideoExportProgressed({ jobId: "j1", ...ids, progress: 50, step: "Rendering video" }),
      new VideoExportFailed({ jobId: "j1", ...ids, reason: "late", timedOut: false }),
    )
    expect(exportView(events, "j1")?.state.status).toBe("completed")
  })
})
