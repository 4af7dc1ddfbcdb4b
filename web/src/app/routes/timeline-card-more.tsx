import type { SongView } from "#projections/songs/api.ts"
import { QueueButtons } from "../../components/player/queue-buttons.tsx"
import { playerSongOf } from "../../components/player/use-player.ts"
import { FollowFromCard } from "../../features/creators/follow-from-card.tsx"
import { AddToPlaylist } from "../../features/playlists/add-to-playlist.tsx"
import { DownloadButtons } from "../../features/song/download-buttons.tsx"
import { Stems } from "../../features/stems/stems-button.tsx"
import { VideoExportButton } from "../../features/video-export/video-export-button.tsx"

/**
 * A public song's other actions, in its card's panel: play it next or later, follow its creator, download it (its stems where
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
    <QueueButtons song={playerSongOf(song)} />
    {song.creator.username !== null && <FollowFromCard username={song.creator.username} />}
    <DownloadButtons song={song} wav={false} stems={<Stems song={song} />} className="grid" />
    <AddToPlaylist song={song} signedIn={signedIn} />
    <VideoExportButton song={song} signedIn={signedIn} />
  </>
)
