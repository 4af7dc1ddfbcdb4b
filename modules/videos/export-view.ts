import { NotFound } from "#api/refusals.ts"
import { VideoExport } from "./api.ts"
import type { ExportView } from "./video-export-status.ts"

/** Another person's export, or none at all: the same answer. */
export const noExport = new NotFound({ message: "This video export does not exist." })

/** Where the finished MP4 is served. */
const filePath = (jobId: string) => `/api/videos/${jobId}/file`

/** An export as the spec's status answer shows it. */
export const exportOf = ({ request, state, updatedAt }: ExportView) =>
  new VideoExport(
    {
      id: request.jobId,
      songId: request.songId,
      format: request.format,
      songTitle: request.songTitle,
      duration: request.durationSeconds,
      status: state.status,
      progress: state.progress,
      step: state.step,
      resultUrl: state.status === "completed" ? filePath(request.jobId) : null,
      downloadUrl: state.status === "completed" ? `${filePath(request.jobId)}?download=1` : null,
      sizeBytes: state.status === "completed" ? state.sizeBytes : null,
      errorMsg: state.status === "failed" ? state.reason : null,
      timedOut: state.status === "failed" && state.timedOut,
      createdAt: request.requestedAt,
      updatedAt,
    },
    true,
  )
