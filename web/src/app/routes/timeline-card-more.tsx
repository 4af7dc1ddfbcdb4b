import type { SongView } from "#projections/songs/api.ts"
import { FollowFromCard } from "../../features/creators/follow-from-card.tsx"
import { AddToPlaylist } from "../../features/playlists/add-to-playlist.tsx"
import { DownloadButtons } from "../../features/song/download-buttons.tsx"
import { Stems } from "../../features/stems/stems-button.tsx"
import { VideoExportButton } from "../../features/video-export/video-export-button.tsx"

/**
 * A public song's other actions, in its card's panel: follow its creator, download it (its stems where
 * shared), add it to a playlist, make a video.
 */
export const TimelineCardMore = ({
  song,
  signedIn,
}: {
  readonly song: SongView
  readonly signedIn: boolean
}) => (
  <>
    {song.creator.username !== null && <FollowFromCard username={song.creator.username} />}
    <DownloadButtons song={song} wav={false} stems={<Stems song={song} />} className="grid" />
    <AddToPlaylist song={song} signedIn={signedIn} />
    <VideoExportButton song={song} signedIn={signedIn} />
  </>
)
