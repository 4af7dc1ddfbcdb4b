import type { VideoExportEvent, VideoExportRequested } from "#events/contracts/video-exports.ts"

/** One export as the dialog follows it (spec: video_jobs' status, progress, result and error). */
export type ExportStatus =
  | { readonly status: "queued" | "processing"; readonly progress: number; readonly step: string }
  | {
      readonly status: "completed"
      readonly progress: 100
      readonly step: string
      readonly videoKey: string
      readonly sizeBytes: number
    }
  | {
      readonly status: "failed"
      readonly progress: number
      readonly step: string
      readonly reason: string
      readonly timedOut: boolean
    }

export interface ExportView {
  readonly request: Omit<VideoExportRequested, "_tag">
  readonly state: ExportStatus
  readonly updatedAt: Date
}

export const queuedStep = "Waiting for the renderer"
export const readyStep = "Video ready"
export const failedStep = "Export failed"

/** The export `jobId` from its person's stream of exports; undefined when it is not theirs. */
export const exportView = (
  events: ReadonlyArray<{ readonly event: VideoExportEvent; readonly recordedAt: Date }>,
  jobId: string,
): ExportView | undefined => {
  let view: ExportView | undefined
  for (const { event, recordedAt } of events) {
    if (event.jobId !== jobId) continue
    const state = view?.state
    const ongoing = state?.status === "queued" || state?.status === "processing"
    switch (event._tag) {
      case "VideoExportRequested": {
        const { _tag, ...request } = event
        view = {
          request,
          state: { status: "queued", progress: 0, step: queuedStep },
          updatedAt: recordedAt,
        }
        continue
      }
      case "VideoExportStarted":
        if (view && state?.status === "queued") {
          view = { ...view, state: { ...state, status: "processing" }, updatedAt: recordedAt }
        }
        continue
      case "VideoExportProgressed":
        if (view && ongoing) {
          const next = { status: "processing", progress: event.progress, step: event.step } as const
          view = { ...view, state: next, updatedAt: recordedAt }
        }
        continue
      case "VideoExportCompleted":
        if (view && ongoing) {
          const { videoKey, sizeBytes } = event
          const next = {
            status: "completed",
            progress: 100,
            step: readyStep,
            videoKey,
            sizeBytes,
          } as const
          view = { ...view, state: next, updatedAt: recordedAt }
        }
        continue
      case "VideoExportFailed":
        if (view && state && ongoing) {
          const { reason, timedOut } = event
          const next = {
            status: "failed",
            progress: state.progress,
            step: failedStep,
            reason,
            timedOut,
          } as const
          view = { ...view, state: next, updatedAt: recordedAt }
        }
    }
  }
  return view
}
