import type { SongView } from "#modules/catalog/api.ts"
import { DownloadButtons, LikeButton } from "../../components/song/song-actions.tsx"
import { SongCard } from "../../components/song/song-card.tsx"
import { VideoExportButton } from "../../components/video-export/video-export-button.tsx"

/** A public song: who made it, play it, like it, download it, export a video, preview it, read its lyrics. */
export const TimelineCard = ({
  song,
  signedIn,
  selected,
  onToggleTag,
}: {
  readonly song: SongView
  readonly signedIn: boolean
  readonly selected: ReadonlySet<string>
  readonly onToggleTag: (tag: string) => void
}) => (
  <SongCard
    song={song}
    selected={selected}
    onToggleTag={onToggleTag}
    heading={
      <>
        <div className="min-w-0">
          <h2 className="font-display text-base leading-tight font-semibold">{song.title}</h2>
          <p className="truncate text-xs text-muted">
            {song.creator.username ?? "Unknown Creator"}
          </p>
        </div>
        <LikeButton song={song} signedIn={signedIn} />
      </>
    }
    details={<p className="truncate text-xs text-faint">{song.style}</p>}
    downloads={
      <div className="flex flex-wrap gap-1">
        <DownloadButtons song={song} wav={false} />
        <VideoExportButton song={song} signedIn={signedIn} />
      </div>
    }
  />
)
