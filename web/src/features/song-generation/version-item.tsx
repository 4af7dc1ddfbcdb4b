import { useMutation } from "@tanstack/react-query"
import { Check, Download, Pause, Play, Save } from "lucide-react"
import { useEffect, useState } from "react"
import type { GeneratedSong } from "#modules/media/api.ts"
import { AudioElement, SeekAndVolume } from "../../components/song/audio-controls.tsx"
import { formatSeconds, useAudio } from "../../components/song/use-audio.ts"
import { Badge } from "../../components/ui/badge.tsx"
import { Button } from "../../components/ui/button.tsx"
import { cn } from "../../lib/cn.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { type DownloadStep, downloadVersion } from "./download-version.ts"
import { type SongToGenerate, saveVersion } from "./generation-queries.ts"
import { finalAudioOf, playableAudioOf, versionTitle } from "./generation-status.ts"

const notReady = () =>
  toast({
    title: "Not ready yet",
    description: "Final version not ready for download yet",
    variant: "destructive",
  })

/**
 * Confirms the version is in the library. The server saved it when the generation succeeded, so this
 * only checks (saving is idempotent) and gives a retry when the check fails.
 */
const useSavedVersion = (
  song: GeneratedSong,
  index: number,
  generated: SongToGenerate,
  final: boolean,
) => {
  const save = useMutation({
    mutationFn: () => saveVersion(song, index, generated),
    onError: (error) =>
      toast({
        title: "Error saving song",
        description: (error as { message?: string }).message || "Please try again.",
        variant: "destructive",
      }),
  })
  const { mutate, isIdle } = save
  useEffect(() => {
    if (final && isIdle && (song.prompt || generated.lyrics)) mutate()
  }, [final, isIdle, mutate, song.prompt, generated.lyrics])
  const saveNow = () => {
    if (!(song.prompt || generated.lyrics).trim()) {
      toast({
        title: "Error saving song",
        description: "No lyrics available for the song",
        variant: "destructive",
      })
      return
    }
    if (!final) return notReady()
    save.mutate()
  }
  return { save, saveNow }
}

/** One generated version: its player, how long it is, whether it is saved, and its MP3. */
export const VersionItem = ({
  song,
  index,
  generated,
}: {
  readonly song: GeneratedSong
  readonly index: number
  readonly generated: SongToGenerate
}) => {
  const final = finalAudioOf(song)
  const audio = useAudio(playableAudioOf(song) || null)
  const name = `Version ${index}`
  const title = versionTitle(generated.title, index)
  const { save, saveNow } = useSavedVersion(song, index, generated, final !== "")

  const [downloading, setDownloading] = useState<DownloadStep | null>(null)
  const busy =
    downloading !== null && !downloading.failed && downloading.text !== "Download started!"
  const download = () => (final ? void downloadVersion(final, title, setDownloading) : notReady())

  return (
    <li
      aria-label={name}
      className="grid gap-3 rounded-2xl border border-line bg-surface-raised/60 p-4 animate-rise"
    >
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={audio.toggle}
          aria-label={audio.isPlaying ? `Pause ${name}` : `Play ${name}`}
          className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-stage text-white shadow-lg shadow-primary/25 transition hover:brightness-110"
        >
          {audio.isPlaying ? (
            <Pause className="h-5 w-5" aria-hidden />
          ) : (
            <Play className="ml-0.5 h-5 w-5" aria-hidden />
          )}
        </button>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{name}</p>
          <p className="text-xs text-muted">
            <span className="sr-only">Duration </span>
            <span data-testid="version-duration">{formatSeconds(song.duration)}</span>
          </p>
        </div>
        {final ? <Badge tone="success">Final</Badge> : <Badge tone="warning">Preview</Badge>}
      </div>
      <AudioElement audio={audio} />
      <SeekAndVolume audio={audio} fallbackSeconds={song.duration} />
      <div className="flex flex-wrap items-center gap-2">
        {save.isSuccess ? (
          <p
            className="inline-flex h-8 items-center gap-1.5 text-sm font-semibold text-success"
            role="status"
          >
            <Check className="h-4 w-4" aria-hidden /> Saved to My Songs
          </p>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            onClick={saveNow}
            disabled={!final || save.isPending}
            title={final ? undefined : "Saved to My Songs when the final version is ready"}
            aria-label={`Save ${name}`}
          >
            <Save className="h-4 w-4" aria-hidden />
            {save.isPending ? "Saving..." : "Save"}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          onClick={download}
          disabled={busy}
          aria-label={`Download ${name} as MP3`}
        >
          <Download className="h-4 w-4" aria-hidden /> Download MP3
        </Button>
        <p
          role="status"
          aria-label={`${name} download`}
          className={cn("text-xs", downloading?.failed ? "text-danger" : "text-muted")}
        >
          {downloading?.text}
        </p>
      </div>
    </li>
  )
}
