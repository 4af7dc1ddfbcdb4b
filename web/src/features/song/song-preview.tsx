import type { SongView } from "#projections/songs/api.ts"
import { playerSongOf, useSongAudio } from "../../components/player/use-player.ts"
import { SongPlayer } from "./song-player.tsx"

/** A song to listen to before sharing it, in the share dialog. */
export const SongPreview = ({ song }: { readonly song: SongView }) => {
  const audio = useSongAudio(playerSongOf(song))
  return <SongPlayer song={song} audio={audio} drawn="dialog" coverFrame="mx-auto w-48" />
}
