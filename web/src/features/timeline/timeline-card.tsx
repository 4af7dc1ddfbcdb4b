import { cardTags, styleTags } from "#events/contracts/style-tags.ts"
import type { SongView } from "#modules/catalog/api.ts"
import { AudioElement, PlayOverlay, SeekAndVolume } from "../../components/song/audio-controls.tsx"
import { LyricsToggle } from "../../components/song/lyrics-toggle.tsx"
import { ShareDialog } from "../../components/song/share-dialog.tsx"
import { DownloadButtons, LikeButton } from "../../components/song/song-actions.tsx"
import { SongCover } from "../../components/song/song-cover.tsx"
import { Chip } from "../../components/song/style-chips.tsx"
import { useAudio } from "../../components/song/use-audio.ts"
import { Card } from "../../components/ui/card.tsx"

/** A public song: who made it, play it, like it, download it, preview it, read its lyrics. */
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
}) => {
  const audio = useAudio(song.audioUrl)
  return (
    <Card
      className="flex flex-col gap-3 p-4"
      data-testid="song-card"
      aria-label={song.title}
      role="article"
    >
      <SongCover imageUrl={song.imageUrl} sourceImageUrl={song.sourceImageUrl} title={song.title}>
        <PlayOverlay audio={audio} title={song.title} />
      </SongCover>
      <AudioElement audio={audio} />
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-display text-base leading-tight font-semibold">{song.title}</h3>
          <p className="truncate text-xs text-muted">
            {song.creator.username ?? "Unknown Creator"}
          </p>
        </div>
        <LikeButton song={song} signedIn={signedIn} />
      </div>
      <p className="truncate text-xs text-faint">{song.style}</p>
      <div className="flex flex-wrap gap-1">
        {cardTags(styleTags(song.style)).map((tag) => (
          <Chip key={tag} chip={tag} small pressed={selected.has(tag)} onToggle={onToggleTag} />
        ))}
      </div>
      <SeekAndVolume audio={audio} fallbackSeconds={(song.duration || 30_000) / 1000} />
      <div className="flex flex-wrap items-center justify-between gap-1">
        <DownloadButtons song={song} wav={false} />
        <ShareDialog song={song} />
      </div>
      <LyricsToggle lyrics={song.lyrics} />
    </Card>
  )
}
