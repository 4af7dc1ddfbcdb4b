import { Link } from "react-router"
import { originWords } from "#modules/music/api-operation-words.ts"
import type { SongView } from "#projections/songs/api.ts"

/** "Extended from <the song>", "Jazz ballad cover of <the song>": where an operation's song came from. */
export const OriginLine = ({ song }: { readonly song: SongView }) =>
  song.origin && (
    <p className="text-xs text-muted" data-testid="song-origin">
      {originWords(song.origin, song.style)}{" "}
      <Link
        to={`/song/${song.origin.songId}`}
        className="font-semibold text-primary hover:text-pink"
      >
        {song.origin.title}
      </Link>
    </p>
  )
