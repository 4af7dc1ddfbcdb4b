import { describe, it } from "@effect/vitest"
import {
  VideoExportCompleted,
  VideoExportFailed,
  VideoExportProgressed,
  VideoExportRequested,
  VideoExportStarted,
} from "#events/contracts/video-exports.ts"
import { given } from "#events/testing.ts"
import { interruptedReason, maxRenderStarts, videoExports } from "./video-export-decider.ts"

const request = (jobId: string) => ({
  jobId,
  userId: "u1",
  songId: "s1",
  format: "tiktok" as const,
  songTitle: "Night Bus",
  durationSeconds: 30,
  audioKey: "songs/s1.mp3",
  coverKey: null,
  syncedLyricsKey: null,
  requestedAt: new Date("2026-11-21T12:00:00Z"),
})
const requested = new VideoExportRequested(request("j1"))
const progressed = (progress: number) =>
  new VideoExportProgressed({ jobId: "j1", userId: "u1", progress, step: "Rendering video" })
const completed = new VideoExportCompleted({
  jobId: "j1",
  userId: "u1",
  videoKey: "videos/j1.mp4",
  sizeBytes: 1000,
})
const failed = new VideoExportFailed({
  jobId: "j1",
  userId: "u1",
  reason: "bad audio",
  timedOut: false,
})

describe("a person's video exports", () => {
  it("run one at a time: a second is refused while the first runs, and allowed after its end", () => {
    given(videoExports, [])
      .when({ _tag: "RequestExport", request: request("j1") })
      .thenEmits([requested])
    given(videoExports, [requested])
      .when({ _tag: "RequestExport", request: request("j2") })
      .thenFails("ExportInProgress")
    for (const end of [completed, failed]) {
      given(videoExports, [requested, end])
        .when({ _tag: "RequestExport", request: request("j2") })
        .thenEmits([new VideoExportRequested(request("j2"))])
    }
  })

  it("move forward only, and leave 100 to the finished file", () => {
    given(videoExports, [requested])
      .when({ _tag: "RecordProgress", jobId: "j1", progress: 42.7, step: "Rendering video" })
      .thenEmits([progressed(42)])
    given(videoExports, [requested, progressed(42)])
      .when({ _tag: "RecordProgress", jobId: "j1", progress: 30, step: "Rendering video" })
      .thenEmits([])
    given(videoExports, [requested, progressed(42)])
      .when({ _tag: "RecordProgress", jobId: "j1", progress: 100, step: "Rendering video" })
      .thenEmits([progressed(99)])
  })

  it("end once; reports about an export that is not running change nothing", () => {
    given(videoExports, [requested])
      .when({ _tag: "RecordCompletion", jobId: "j1", videoKey: "videos/j1.mp4", sizeBytes: 1000 })
      .thenEmits([completed])
    given(videoExports, [requested, completed])
      .when({ _tag: "RecordFailure", jobId: "j1", reason: "late", timedOut: false })
      .thenEmits([])
    given(videoExports, [requested])
      .when({ _tag: "RecordProgress", jobId: "other", progress: 50, step: "Rendering video" })
      .thenEmits([])
    given(videoExports, [requested])
      .when({ _tag: "RecordFailure", jobId: "j1", reason: "bad audio", timedOut: false })
      .thenEmits([failed])
  })

  it("count a render's starts, and fail it visibly instead of starting it once too often", () => {
    const started = (attempt: number) =>
      new VideoExportStarted({ jobId: "j1", userId: "u1", attempt })
    given(videoExports, [requested])
      .when({ _tag: "StartRender", jobId: "j1" })
      .thenEmits([started(1)])
    given(videoExports, [requested, started(1), progressed(40)])
      .when({ _tag: "StartRender", jobId: "j1" })
      .thenEmits([started(2)])
    const starts = Array.from({ length: maxRenderStarts }, (_, i) => started(i + 1))
    given(videoExports, [requested, ...starts])
      .when({ _tag: "StartRender", jobId: "j1" })
      .thenEmits([
        new VideoExportFailed({
          jobId: "j1",
          userId: "u1",
          reason: interruptedReason,
          timedOut: false,
        }),
      ])
    given(videoExports, [requested, completed])
      .when({ _tag: "StartRender", jobId: "j1" })
      .thenEmits([])
  })
})
