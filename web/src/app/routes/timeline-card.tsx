import { Link } from "react-router"
import { songPaths } from "#modules/catalog/api-song-paths.ts"
import { CreatorLink } from "../../components/creator-link.tsx"
import type { TimelineSong } from "../../components/song-grid.tsx"
import { DownloadButtons } from "../../features/song/download-buttons.tsx"
import { LikeButton } from "../../features/song/like-button.tsx"
import { playsLabel } from "../../features/song/plays-label.ts"
import { SongCard } from "../../features/song/song-card.tsx"
import { Stems } from "../../features/stems/stems-button.tsx"
import { VideoExportButton } from "../../features/video-export/video-export-button.tsx"
import { SongShare } from "./song-share.tsx"

/** A public song: its page, who made it, play it, like it, download it, export a video, preview it, read its lyrics. */
export const TimelineCard = ({ song, signedIn, selected, onToggleTag, priority }: TimelineSong) => (
  <SongCard
    song={song}
    priority={priority}
    selected={selected}
    onToggleTag={onToggleTag}
    heading={
      <>
        <div className="min-w-0">
          <h2 className="font-display text-base leading-tight font-semibold">
            <Link to={songPaths.page(song.id)} className="hover:underline">
              {song.title}
            </Link>
          </h2>
          {/* Apart enough from the title that each link is a touch target of its own. */}
          <p className="mt-2 truncate text-xs text-muted">
            <CreatorLink username={song.creator.username} />
          </p>
        </div>
        <LikeButton song={song} signedIn={signedIn} />
      </>
    }
    details={
      <p className="truncate text-xs text-faint">
        {playsLabel(song.plays)} · {song.style}
      </p>
    }
    downloads={
      <div className="flex flex-wrap gap-1">
        <DownloadButtons song={song} wav={false} stems={<Stems song={song} />} />
        <VideoExportButton song={song} signedIn={signedIn} />
      </div>
    }
    share={<SongShare song={song} />}
  />
)
