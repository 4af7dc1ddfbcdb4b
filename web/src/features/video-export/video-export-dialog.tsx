import { useQuery } from "@tanstack/react-query"
import { Download, Film } from "lucide-react"
import { useEffect, useId, useRef, useState } from "react"
import type { VideoFormat } from "#events/contracts/video-exports.ts"
import { videoTimeoutMs } from "#modules/videos/api-video-formats.ts"
import type { SongView } from "#projections/songs/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { Checkbox } from "../../components/ui/checkbox.tsx"
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog.tsx"
import { errorMessage } from "../../lib/api.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { exportFailedTitle, failedMessage, timedOutMessage } from "./export-messages.ts"
import { ExportProgress } from "./export-progress.tsx"
import { FormatChoice } from "./format-choice.tsx"
import { VideoTrigger } from "./video-export-button.tsx"
import { VideoExportGuide } from "./video-export-guide.tsx"
import { useStartExport, videoExportQuery } from "./video-export-queries.ts"

const failed = (description: string) =>
  toast({ title: exportFailedTitle, description, variant: "destructive" })

/**
 * Export a song as a video for a social format: choose the format, follow the server's render (progress
 * and step), download the MP4. The export goes on if the dialog is closed; reopening it shows where it is.
 */
export const VideoExportDialog = ({ song }: { readonly song: SongView }) => {
  const [format, setFormat] = useState<VideoFormat>("tiktok")
  // Offered where the song's lines are timed; on by default there, as a lyric video is what people share.
  const [showLyrics, setShowLyrics] = useState(song.lrcUrl !== null)
  const lyricsBox = useId()
  const [jobId, setJobId] = useState<string | null>(null)
  const [gaveUp, setGaveUp] = useState(false)
  const start = useStartExport()
  const job = useQuery({ ...videoExportQuery(jobId ?? ""), enabled: jobId !== null && !gaveUp })
  const current = jobId ? job.data : undefined
  const durationSeconds = Math.round((song.duration || 30_000) / 1000)
  const running =
    start.isPending ||
    (jobId !== null && !gaveUp && current?.status !== "completed" && current?.status !== "failed")

  // One toast per export that fails.
  const told = useRef<string | null>(null)
  useEffect(() => {
    if (current?.status !== "failed" || told.current === current.id) return
    told.current = current.id
    failed(current.timedOut ? timedOutMessage : failedMessage(current.errorMsg ?? "unknown error"))
  }, [current])

  // The spec's wait, max(300 s, 3 x the song): past it the dialog stops waiting (the server may finish).
  useEffect(() => {
    if (!running || jobId === null) return
    const timer = setTimeout(() => {
      setGaveUp(true)
      failed(timedOutMessage)
    }, videoTimeoutMs(durationSeconds))
    return () => clearTimeout(timer)
  }, [running, jobId, durationSeconds])

  const begin = () => {
    if (!song.audioUrl) return failed("No audio file available for video export")
    setGaveUp(false)
    start.mutate(
      {
        songId: song.id,
        format,
        songTitle: song.title,
        durationSeconds,
        showLyrics: showLyrics && song.lrcUrl !== null,
      },
      {
        onSuccess: (started) => setJobId(started.id),
        onError: (error) => failed(failedMessage(errorMessage(error))),
      },
    )
  }

  return (
    // Opened by the click that loaded it (video-export-button.tsx).
    <Dialog defaultOpen>
      <DialogTrigger asChild>
        <VideoTrigger song={song} />
      </DialogTrigger>
      <DialogContent className="w-[min(92vw,30rem)]">
        <DialogTitle>Export Video</DialogTitle>
        <DialogDescription>
          {song.title} · {durationSeconds} seconds
        </DialogDescription>
        <div className="mt-4 grid gap-4">
          <FormatChoice value={format} onChange={setFormat} disabled={running} />
          {song.lrcUrl && (
            <span className="flex items-center gap-2 text-sm">
              <Checkbox
                id={lyricsBox}
                checked={showLyrics}
                disabled={running}
                onCheckedChange={(checked) => setShowLyrics(checked === true)}
              />
              <label htmlFor={lyricsBox}>Show lyrics</label>
            </span>
          )}
          {running && (
            <ExportProgress
              progress={current?.progress ?? 0}
              step={current?.step ?? "Sending the song to the renderer"}
            />
          )}
          {current?.status === "completed" && current.downloadUrl && (
            <div className="grid gap-2 rounded-xl border border-success/40 bg-success/10 p-3">
              <ExportProgress progress={100} step={current.step} />
              <Button asChild>
                <a href={current.downloadUrl} download>
                  <Download className="h-4 w-4" aria-hidden /> Download MP4
                </a>
              </Button>
            </div>
          )}
          {current?.status === "failed" && (
            <p role="alert" className="text-sm text-danger">
              {current.timedOut
                ? timedOutMessage
                : failedMessage(current.errorMsg ?? "unknown error")}
            </p>
          )}
          <div className="flex items-center justify-between gap-2">
            <VideoExportGuide />
            <Button onClick={begin} disabled={running}>
              <Film className="h-4 w-4" aria-hidden />
              {running ? "Exporting..." : current ? "Export again" : "Export Video"}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  )
}
