import type { UseQueryResult } from "@tanstack/react-query"
import { Library } from "lucide-react"
import type { ReactNode } from "react"
import { Link } from "react-router"
import type { SongStatus } from "#modules/music/api.ts"
import type { SongView } from "#projections/songs/api.ts"
import { Alert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import {
  Dialog,
  DialogActions,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../components/ui/dialog.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { Elapsed, GenerationSteps } from "./generation-progress.tsx"
import type { SongToGenerate } from "./generation-queries.ts"
import { expectedVersions, failureText, isFinal, phaseText } from "./generation-status.ts"
import { useSavedVersions } from "./saved-versions.ts"
import { VersionItem } from "./version-item.tsx"

/** A version still being made: where it will appear. */
const PendingVersion = ({ index }: { readonly index: number }) => (
  <li
    aria-label={`Version ${index} (in progress)`}
    className="flex items-center gap-3 rounded-2xl border border-dashed border-line p-4 text-sm text-muted"
  >
    <Spinner className="h-4" label={`Version ${index} is being made`} />
    Version {index} is being recorded...
  </li>
)

/** The numbers of the versions still to come after `made` of them. */
const pendingIndexes = (made: number, waiting: number) =>
  Array.from({ length: waiting }, (_, offset) => made + offset + 1)

/**
 * The generated songs: progress while they are made, then each version to play, save and download.
 * While the song is being made it stays open (no close button, Escape and outside clicks ignored),
 * unless something went wrong. Once the versions are in the library, `versionActions` adds what the
 * route offers on a saved song (reshaping it, keeping its voice).
 */
export const GeneratedSongsDialog = ({
  open,
  onOpenChange,
  taskId,
  song,
  startedAt,
  status,
  versionActions,
}: {
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly taskId: string
  readonly song: SongToGenerate
  readonly startedAt: number
  readonly status: UseQueryResult<SongStatus>
  readonly versionActions?: ((saved: SongView) => ReactNode) | undefined
}) => {
  const data = status.data
  const phase = data ? data.phase : "arranging"
  const final = data !== undefined && isFinal(data)
  const locked = !final && !status.isError
  const text = phaseText[phase]
  const failure = phase === "failed" && data ? failureText(data) : null
  const songs = phase === "failed" ? [] : (data?.songs ?? [])
  const waiting = final ? 0 : Math.max(0, expectedVersions - songs.length)
  const saved = useSavedVersions(
    taskId,
    song.title,
    songs.length,
    open && phase === "done" && versionActions !== undefined,
  )

  return (
    <Dialog open={open} onOpenChange={(next) => (next || !locked) && onOpenChange(next)}>
      <DialogContent
        locked={locked}
        className="max-h-[92vh] overflow-y-auto sm:w-[min(94vw,40rem)]"
        aria-busy={!final}
      >
        <DialogTitle className="pr-8">{song.title.trim() || "Your song"}</DialogTitle>
        <DialogDescription>
          {song.style.trim() || "Your style"} · started{" "}
          <Elapsed since={startedAt} running={!final} /> ago
        </DialogDescription>

        <div className="mt-5 grid gap-5">
          <GenerationSteps phase={phase} />

          <div
            role="status"
            aria-live="polite"
            className={failure ? "sr-only" : "flex items-start gap-3"}
          >
            {/* A failure is told by the alert below; the live region stays for the next change. */}
            {!failure && (
              <>
                {!final && <Spinner className="mt-0.5 h-5 shrink-0" label="Generating" />}
                <div className="grid gap-1">
                  <p className="font-semibold" data-testid="generation-phase">
                    {text.headline}
                  </p>
                  <p className="text-sm text-muted">{text.detail}</p>
                </div>
              </>
            )}
          </div>

          {failure && (
            <Alert tone="danger" title="Song generation failed">
              <p>{failure.reason}</p>
              {failure.refund && <p className="mt-1 font-semibold text-text">{failure.refund}</p>}
            </Alert>
          )}

          {status.isError && !final && (
            <Alert tone="danger" title="Failed to fetch song status">
              Checking again in a few seconds. Your song keeps being made either way: it will be
              waiting in My Songs when it is done.
            </Alert>
          )}

          {(songs.length > 0 || waiting > 0) && (
            <ul aria-label="Generated versions" className="grid gap-3">
              {songs.map((version, i) => (
                <VersionItem
                  key={version.id}
                  song={version}
                  index={i + 1}
                  generated={song}
                  saved={phase === "done"}
                  actions={versionActions && saved.has(i + 1) && versionActions(saved.get(i + 1)!)}
                />
              ))}
              {pendingIndexes(songs.length, waiting).map((index) => (
                <PendingVersion key={`pending-${index}`} index={index} />
              ))}
            </ul>
          )}
        </div>

        {!locked && (
          <DialogActions>
            <DialogClose asChild>
              <Button variant="ghost">{phase === "done" ? "Done" : "Back to lyrics"}</Button>
            </DialogClose>
            <Button asChild variant={phase === "done" ? "primary" : "secondary"}>
              <Link to="/library">
                <Library className="h-4 w-4" aria-hidden /> Go to My Songs
              </Link>
            </Button>
          </DialogActions>
        )}
      </DialogContent>
    </Dialog>
  )
}
