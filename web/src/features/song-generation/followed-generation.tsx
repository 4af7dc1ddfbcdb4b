import type { ReactNode } from "react"
import type { SongView } from "#projections/songs/api.ts"
import { GeneratedSongsDialog } from "./generated-songs-dialog.tsx"
import type { SongToGenerate } from "./generation-queries.ts"
import { type GenerationCredits, useGeneration } from "./use-generation.ts"

/** A started song followed to its end in the generated-songs dialog, from wherever it was started. */
export const FollowedGeneration = ({
  taskId,
  song,
  startedAt,
  credits,
  open,
  onOpenChange,
  versionActions,
}: {
  readonly taskId: string
  readonly song: SongToGenerate
  readonly startedAt: number
  readonly credits: GenerationCredits
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly versionActions?: (saved: SongView) => ReactNode
}) => {
  const { status } = useGeneration(taskId, credits)
  return (
    <GeneratedSongsDialog
      open={open}
      onOpenChange={onOpenChange}
      taskId={taskId}
      song={song}
      startedAt={startedAt}
      status={status}
      versionActions={versionActions}
    />
  )
}
