import type { ReactNode } from "react"
import type { SongView } from "#projections/songs/api.ts"
import { QueueButtons } from "../../components/player/queue-buttons.tsx"
import { playerSongOf } from "../../components/player/use-player.ts"
import { DeleteSongDialog } from "../../features/library/delete-song-dialog.tsx"
import { AddToPlaylist } from "../../features/playlists/add-to-playlist.tsx"
import { DownloadButtons } from "../../features/song/download-buttons.tsx"
import { PartsSharing } from "../../features/stems/parts-sharing.tsx"
import { Stems } from "../../features/stems/stems-button.tsx"
import { VideoExportButton } from "../../features/video-export/video-export-button.tsx"

const libraryDownloadFailure =
  "Failed to download the song after multiple attempts. Please try again in a few seconds."

/**
 * One of my songs' other actions, in its card's panel: play it next or later, its files (MP3, WAV, MIDI, stems, LRC), a playlist, a video,
 * what more can be done to it (`actions`), deleting it, and whether others may take its parts.
 */
export const LibraryCardMore = ({
  song,
  otherVersions,
  actions,
}: {
  readonly song: SongView
  readonly otherVersions: number
  readonly actions: ReactNode
}) => (
  <>
    <QueueButtons song={playerSongOf(song)} />
    <DownloadButtons
      song={song}
      stems={<Stems song={song} own />}
      failure={libraryDownloadFailure}
      className="grid"
    />
    <AddToPlaylist song={song} signedIn />
    <VideoExportButton song={song} signedIn />
    {actions}
    <DeleteSongDialog song={song} otherVersions={otherVersions} />
    <PartsSharing song={song} />
  </>
)
