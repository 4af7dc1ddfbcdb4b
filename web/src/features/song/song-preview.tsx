import type { SongView } from "#modules/catalog/api.ts"
import { AudioElement, PlayOverlay, SeekAndVolume } from "../../components/audio/audio-controls.tsx"
import { useAudio } from "../../components/audio/use-audio.ts"
import { SongCover } from "./song-cover.tsx"

/** A song to listen to before sharing it: its cover with play and pause, where it is, how loud. */
export const SongPreview = ({ song }: { readonly song: SongView }) => {
  const audio = useAudio(song.audioUrl)
  return (
    <>
      <div className="mx-auto w-48">
        <SongCover
          imageUrl={song.imageUrl}
          sourceImageUrl={song.sourceImageUrl}
          title={song.title}
          drawn="dialog"
        >
          <PlayOverlay audio={audio} title={song.title} />
        </SongCover>
      </div>
      <AudioElement audio={audio} />
      <SeekAndVolume audio={audio} fallbackSeconds={(song.duration || 30_000) / 1000} />
    </>
  )
}
