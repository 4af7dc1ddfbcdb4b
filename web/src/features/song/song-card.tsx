import type { ReactNode } from "react"
import { Link } from "react-router"
import { songPaths } from "#modules/catalog/api-song-paths.ts"
import type { SongView } from "#projections/songs/api.ts"
import { cardTags, styleTags } from "#projections/songs/api-style-tags.ts"
import {
  NoScriptPlayer,
  PlayButton,
  SeekAndVolume,
} from "../../components/player/song-controls.tsx"
import { playerSongOf, useSongAudio } from "../../components/player/use-player.ts"
import { Card } from "../../components/ui/card.tsx"
import { Chip } from "../../components/ui/filter-chips.tsx"
import { LyricsToggle } from "./lyrics-toggle.tsx"
import { SongCover } from "./song-cover.tsx"

/**
 * A song as both song lists show it: cover with play/pause, its card tags (which toggle the list's
 * filter), seek and volume, share, its other actions and lyrics. Each list brings its own heading line
 * (the privacy switch, or the creator and the heart), details, other actions and the way to share it.
 */
export const SongCard = ({
  song,
  selected,
  onToggleTag,
  heading,
  details,
  more,
  share,
  priority = false,
}: {
  readonly song: SongView
  readonly selected: ReadonlySet<string>
  readonly onToggleTag: (tag: string) => void
  readonly heading: ReactNode
  readonly details?: ReactNode
  /** Its other actions (downloads, exports, operations), behind one button. */
  readonly more: ReactNode
  readonly share: ReactNode
  /** Among the first a phone sees, so its cover is asked for at once. */
  readonly priority?: boolean
}) => {
  const audio = useSongAudio(playerSongOf(song))
  return (
    <Card
      className="flex flex-col gap-3 p-4"
      data-testid="song-card"
      aria-label={song.title}
      role="article"
    >
      <SongCover
        imageUrl={song.imageUrl}
        sourceImageUrl={song.sourceImageUrl}
        title={song.title}
        priority={priority}
      >
        {/* The cover opens the song's page, as its title does: one stop for the keyboard, the title's. */}
        <Link to={songPaths.page(song.id)} tabIndex={-1} aria-hidden className="absolute inset-0" />
        <PlayButton audio={audio} title={song.title} />
      </SongCover>
      <NoScriptPlayer src={song.audioUrl} title={song.title} />
      <div className="flex items-start justify-between gap-2">{heading}</div>
      {details}
      <div className="flex flex-wrap gap-1">
        {cardTags(styleTags(song.style)).map((tag) => (
          <Chip key={tag} chip={tag} small pressed={selected.has(tag)} onToggle={onToggleTag} />
        ))}
      </div>
      <SeekAndVolume audio={audio} fallbackSeconds={(song.duration || 30_000) / 1000} />
      <div className="flex flex-wrap items-center justify-between gap-1">
        {share}
        {more}
      </div>
      <LyricsToggle song={song} audio={audio} />
    </Card>
  )
}
