import type { SongView } from "#projections/songs/api.ts"
import { ShareButton } from "../../features/share/share-button.tsx"
import { SongPreview } from "../../features/song/song-preview.tsx"

/** A song's share button, its dialog previewing the song with the song feature's player. */
export const SongShare = ({ song }: { readonly song: SongView }) => (
  <ShareButton song={song} preview={<SongPreview song={song} />} />
)
