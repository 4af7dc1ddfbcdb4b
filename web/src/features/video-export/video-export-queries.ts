import { useMutation } from "@tanstack/react-query"
import type { VideoFormat } from "#events/contracts/video-exports.ts"
import type { VideoExport } from "#modules/videos/api.ts"
import { apiQuery, callPaidApi } from "../../lib/api.ts"
import { liveKeys } from "../../lib/live-stream.ts"

/** How often a running export is looked at: its progress moves every second or two. */
export const exportPollInterval = 1000

export const isFinished = (job: VideoExport) =>
  job.status === "completed" || job.status === "failed"

export const videoExportQuery = (id: string) =>
  apiQuery({
    queryKey: liveKeys.video(id),
    call: (api) => api.videos.videoExport({ path: { id } }),
    staleTime: 0,
    refetchInterval: (query) => {
      const { data, error } = query.state
      if (data && isFinished(data)) return false
      if (error?._tag === "NotFound") return false
      return exportPollInterval
    },
    // The render goes on while the person looks elsewhere; the dialog must be current when they return.
    refetchIntervalInBackground: true,
  })

/**
 * The endpoint answers the finished file only to a caller that asks for video/mp4; the app asks for JSON,
 * so anything else is the server breaking its contract.
 */
const startedExport = (answer: VideoExport | Uint8Array): VideoExport => {
  if (answer instanceof Uint8Array)
    throw new Error("The server sent the video instead of its export.")
  return answer
}

/** Queues the song's video in `format` on the server; answers the export to follow. */
export const useStartExport = () =>
  useMutation({
    mutationFn: (input: {
      readonly songId: string
      readonly format: VideoFormat
      readonly songTitle: string
      readonly durationSeconds: number
      readonly showLyrics: boolean
    }) =>
      callPaidApi((api) =>
        api.videos.exportVideo({
          payload: {
            format: input.format,
            songId: input.songId,
            songTitle: input.songTitle,
            duration: input.durationSeconds,
            ...(input.showLyrics ? { showLyrics: true } : {}),
          },
        }),
      ).then(startedExport),
  })
