import { lazy } from "react"
import type { SongView } from "#projections/songs/api.ts"
import { ShareButton } from "../../features/share/share-button.tsx"

// The preview's player is drawn only in the dialog, whose code loads with its first click: so does this.
const SongPreview = lazy(() =>
  import("../../features/song/song-preview.tsx").then((module) => ({
    default: module.SongPreview,
  })),
)

/** A song's share button, its dialog previewing the song with the song feature's player. */
export const SongShare = ({ song }: { readonly song: SongView }) => (
  <ShareButton song={song} preview={<SongPreview song={song} />} />
)
