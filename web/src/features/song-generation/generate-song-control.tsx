import { Music4 } from "lucide-react"
import { Button } from "../../components/ui/button.tsx"

export interface SongToGenerate {
  readonly title: string
  readonly style: string
  readonly lyrics: string
}

/**
 * Where a song is generated from lyrics (5 credits). The music studio opens with the media work; until
 * then the control says so instead of pretending.
 */
export const GenerateSongControl = (_song: SongToGenerate) => (
  <div className="flex flex-col gap-2 rounded-2xl border border-line bg-surface-raised/50 p-4 sm:flex-row sm:items-center sm:justify-between">
    <p className="flex items-center gap-2 text-sm text-muted">
      <Music4 className="h-4 w-4 shrink-0 text-primary" aria-hidden />
      Turning lyrics into a full song opens soon. Your lyrics are saved.
    </p>
    <Button size="sm" disabled title="Song generation is not open yet">
      Generate Song
    </Button>
  </div>
)
