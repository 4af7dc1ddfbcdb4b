import type { SongView } from "#projections/songs/api.ts"
import {
  NoScriptPlayer,
  PlayButton,
  SeekAndVolume,
} from "../../components/player/song-controls.tsx"
import type { AudioState } from "../../components/player/use-player.ts"
import { SongCover } from "./song-cover.tsx"

/**
 * A song to listen to: its cover with play and pause, where it is, how loud. `coverFrame` sizes the
 * cover where the place around it does not.
 */
export const SongPlayer = ({
  song,
  audio,
  drawn,
  coverFrame,
}: {
  readonly song: SongView
  readonly audio: AudioState
  readonly drawn: "page" | "dialog"
  readonly coverFrame?: string
}) => {
  const cover = (
    <SongCover
      imageUrl={song.imageUrl}
      sourceImageUrl={song.sourceImageUrl}
      title={song.title}
      drawn={drawn}
      priority={drawn === "page"}
    >
      <PlayButton audio={audio} title={song.title} />
    </SongCover>
  )
  return (
    <>
      {coverFrame === undefined ? cover : <div className={coverFrame}>{cover}</div>}
      <NoScriptPlayer src={song.audioUrl} title={song.title} />
      <SeekAndVolume audio={audio} fallbackSeconds={(song.duration || 30_000) / 1000} />
    </>
  )
}
