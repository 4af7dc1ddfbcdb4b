import type { ReactNode } from "react"
import { DeleteSongDialog } from "../../features/library/delete-song-dialog.tsx"
import type { LibrarySong } from "../../features/library/library-page.tsx"
import { DownloadButtons } from "../../features/song/download-buttons.tsx"
import { OriginLine } from "../../features/song/origin-line.tsx"
import { PrivacySwitch } from "../../features/song/privacy-switch.tsx"
import { SongCard } from "../../features/song/song-card.tsx"
import { PartsSharing } from "../../features/stems/parts-sharing.tsx"
import { Stems } from "../../features/stems/stems-button.tsx"
import { VideoExportButton } from "../../features/video-export/video-export-button.tsx"
import { SongShare } from "./song-share.tsx"

const libraryDownloadFailure =
  "Failed to download the song after multiple attempts. Please try again in a few seconds."

/**
 * One of my songs: play it, download it, export it as a video, share it, make it public or private, read
 * its lyrics, delete it; and what more can be done to it (`actions`).
 */
export const LibraryCard = ({
  song,
  selected,
  onToggleTag,
  family,
  otherVersions,
  actions,
}: LibrarySong & { readonly actions: ReactNode }) => (
  <SongCard
    song={song}
    selected={selected}
    onToggleTag={onToggleTag}
    heading={
      <>
        <div className="grid gap-0.5">
          <h3 className="font-display text-base leading-tight font-semibold">{song.title}</h3>
          <OriginLine song={song} />
        </div>
        <PrivacySwitch song={song} />
      </>
    }
    downloads={
      <div className="flex flex-wrap gap-1">
        <DownloadButtons
          song={song}
          stems={<Stems song={song} own />}
          failure={libraryDownloadFailure}
        />
        <VideoExportButton song={song} signedIn />
        {actions}
        {family}
        <DeleteSongDialog song={song} otherVersions={otherVersions} />
        <PartsSharing song={song} />
      </div>
    }
    share={<SongShare song={song} />}
  />
)
