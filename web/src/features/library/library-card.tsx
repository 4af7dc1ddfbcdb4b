import type { ReactNode } from "react"
import type { SongView } from "#modules/catalog/api.ts"
import { OriginLine } from "../../components/song/origin-line.tsx"
import { PartsSharing } from "../../components/song/parts-sharing.tsx"
import { DownloadButtons, PrivacySwitch } from "../../components/song/song-actions.tsx"
import { SongCard } from "../../components/song/song-card.tsx"
import { VideoExportButton } from "../../components/video-export/video-export-button.tsx"
import { DeleteSongDialog } from "./delete-song-dialog.tsx"

const libraryDownloadFailure =
  "Failed to download the song after multiple attempts. Please try again in a few seconds."

/**
 * One of my songs: play it, download it, export it as a video, share it, make it public or private, read
 * its lyrics, delete it.
 */
export const LibraryCard = ({
  song,
  selected,
  onToggleTag,
  actions,
  family,
  otherVersions,
}: {
  readonly song: SongView
  readonly selected: ReadonlySet<string>
  readonly onToggleTag: (tag: string) => void
  readonly actions?: ReactNode
  /** Shows the song's family alone, when it has one. */
  readonly family?: ReactNode
  /** How many other versions of its generation are in the library. */
  readonly otherVersions: number
}) => (
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
        <DownloadButtons song={song} own failure={libraryDownloadFailure} />
        <VideoExportButton song={song} signedIn />
        {actions}
        {family}
        <DeleteSongDialog song={song} otherVersions={otherVersions} />
        <PartsSharing song={song} />
      </div>
    }
  />
)
