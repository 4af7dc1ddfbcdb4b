import { lazy, type ReactNode } from "react"
import { MoreActions } from "../../components/ui/more-actions.tsx"
import type { LibrarySong } from "../../features/library/library-page.tsx"
import { OriginLine } from "../../features/song/origin-line.tsx"
import { PrivacySwitch } from "../../features/song/privacy-switch.tsx"
import { SongCard } from "../../features/song/song-card.tsx"
import { SongShare } from "./song-share.tsx"

const LibraryCardMore = lazy(() =>
  import("./library-card-more.tsx").then((m) => ({ default: m.LibraryCardMore })),
)

/**
 * One of my songs: play it, share it, make it public or private, read its lyrics; its files, a video,
 * what more can be done to it (`actions`) and deleting it in its panel of more actions; its family,
 * when it has one.
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
    details={family}
    more={
      <MoreActions title={song.title}>
        <LibraryCardMore song={song} otherVersions={otherVersions} actions={actions} />
      </MoreActions>
    }
    share={<SongShare song={song} />}
  />
)
