import { Check, Download, Pause, Play } from "lucide-react"
import { type ReactNode, useState } from "react"
import type { GeneratedSong } from "#modules/music/api.ts"
import { SeekAndVolume } from "../../components/player/song-controls.tsx"
import { useSongAudio } from "../../components/player/use-player.ts"
import { Badge } from "../../components/ui/badge.tsx"
import { Button } from "../../components/ui/button.tsx"
import { cn } from "../../lib/cn.ts"
import { formatSeconds } from "../../lib/format-seconds.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { type DownloadStep, downloadVersion } from "./download-version.ts"
import type { SongToGenerate } from "./generation-queries.ts"
import { finalAudioOf, playableAudioOf, versionTitle } from "./generation-status.ts"

const notReady = () =>
  toast({
    title: "Not ready yet",
    description: "Final version not ready for download yet",
    variant: "destructive",
  })

/**
 * One generated version: its player, how long it is, whether it is in the library yet (the server saves
 * both versions, private, when the generation succeeds), and its MP3.
 */
export const VersionItem = ({
  song,
  index,
  generated,
  saved,
  actions,
}: {
  readonly song: GeneratedSong
  readonly index: number
  readonly generated: SongToGenerate
  readonly saved: boolean
  /** What can be done to the saved song. */
  readonly actions?: ReactNode
}) => {
  const final = finalAudioOf(song)
  const name = `Version ${index}`
  const title = versionTitle(generated.title, index)
  const playable = playableAudioOf(song)
  const audio = useSongAudio(
    playable
      ? {
          id: `version:${song.id}`,
          saved: false,
          title,
          audioUrl: playable,
          imageUrl: song.imageUrl,
          by: null,
          seconds: song.duration,
        }
      : null,
  )

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
      <SeekAndVolume audio={audio} fallbackSeconds={song.duration} />
      <div className="flex flex-wrap items-center gap-2">
        {saved ? (
          <p
            className="inline-flex h-8 items-center gap-1.5 text-sm font-semibold text-success"
            role="status"
          >
            <Check className="h-4 w-4" aria-hidden /> Saved to My Songs
          </p>
        ) : (
          <p className="inline-flex h-8 items-center text-sm text-muted">
            Saved to My Songs when the final versions are ready
          </p>
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
        {actions}
      </div>
    </li>
  )
}
