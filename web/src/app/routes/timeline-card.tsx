import { lazy } from "react"
import { Link } from "react-router"
import { songPaths } from "#modules/catalog/api-song-paths.ts"
import { CreatorLink } from "../../components/creator-link.tsx"
import type { TimelineSong } from "../../components/song-grid.tsx"
import { MoreActions } from "../../components/ui/more-actions.tsx"
import { commentsLabel, playsLabel } from "../../features/song/count-labels.ts"
import { LikeButton } from "../../features/song/like-button.tsx"
import { SongCard } from "../../features/song/song-card.tsx"
import { SongShare } from "./song-share.tsx"

const TimelineCardMore = lazy(() =>
  import("./timeline-card-more.tsx").then((m) => ({ default: m.TimelineCardMore })),
)

/**
 * A public song: its page, who made it, play it, like it, share it, read its lyrics; downloads and a video
 * in its panel of more actions.
 */
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
        {playsLabel(song.plays)} · {song.comments > 0 && `${commentsLabel(song.comments)} · `}
        {song.style}
      </p>
    }
    more={
      <MoreActions title={song.title}>
        <TimelineCardMore song={song} signedIn={signedIn} />
      </MoreActions>
    }
    share={<SongShare song={song} />}
  />
)
