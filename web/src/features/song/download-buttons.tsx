import { Download } from "lucide-react"
import type { ReactNode } from "react"
import type { SongView } from "#projections/songs/api.ts"
import { Button } from "../../components/ui/button.tsx"

/** How files are fetched and saved, loaded on the first download: no page's first load carries it. */
const files = () => import("../../lib/download.ts")

/**
 * A song's files: MP3, WAV where asked, MIDI and LRC where it has them, and its stems beside the MIDI
 * (brought by the screen, where it offers them).
 */
export const DownloadButtons = ({
  song,
  wav = true,
  stems,
  failure,
  className = "flex flex-wrap gap-1",
}: {
  readonly song: SongView
  readonly wav?: boolean
  readonly stems?: ReactNode
  readonly failure?: string
  /** How the buttons are laid out: in a row, or one under the other in a card's panel of actions. */
  readonly className?: string
}) => (
  <div className={className}>
    <Button
      variant="ghost"
      size="sm"
      onClick={() => void files().then((download) => download.downloadMp3(song, failure))}
      aria-label={`Download ${song.title} as MP3`}
    >
      <Download className="h-4 w-4" aria-hidden /> MP3
    </Button>
    {wav && (
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void files().then((download) => download.downloadWav(song))}
        aria-label={`Download ${song.title} as WAV`}
      >
        <Download className="h-4 w-4" aria-hidden /> WAV
      </Button>
    )}
    {song.midiUrl && (
      // Only its owner is given the link: the server names the file and serves it as an attachment.
      <Button asChild variant="ghost" size="sm">
        <a href={song.midiUrl} download aria-label={`Download ${song.title} as MIDI`}>
          <Download className="h-4 w-4" aria-hidden /> MIDI
        </a>
      </Button>
    )}
    {stems}
    {song.lrcUrl && (
      <Button asChild variant="ghost" size="sm">
        <a href={song.lrcUrl} download aria-label={`Download ${song.title}'s synced lyrics (LRC)`}>
          <Download className="h-4 w-4" aria-hidden /> LRC
        </a>
      </Button>
    )}
  </div>
)
