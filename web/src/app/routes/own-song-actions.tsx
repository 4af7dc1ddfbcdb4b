import type { SongView } from "#projections/songs/api.ts"
import { HiddenNotice } from "../../components/hidden-notice.tsx"
import { useBalance, useRefreshCredits } from "../../features/credits/credits-queries.ts"
import { FollowedGeneration } from "../../features/song-generation/followed-generation.tsx"
import { SongOperationsButton } from "../../features/song-operations/song-operations-button.tsx"
import { KeepVoiceButton } from "../../features/voices/keep-voice-button.tsx"
import { songMakingSlots } from "./song-making-slots.tsx"

// Routes compose features: an operation on a song is started by the song-operations feature (its forms
// drawing the voices feature's picker and the credits feature's banner), paid from the credits feature's
// balance, and followed in the song-generation feature's dialog, where another operation can start from
// the songs it makes.

const Operations = ({ song }: { readonly song: SongView }) => {
  const balance = useBalance()
  const refresh = useRefreshCredits()
  return (
    <SongOperationsButton
      song={song}
      balance={balance.data}
      onDebited={refresh}
      slots={songMakingSlots}
      follow={(started, dialog) => (
        <FollowedGeneration
          {...started}
          {...dialog}
          credits={{ balance: balance.data, refresh }}
          versionActions={ownSongActions}
        />
      )}
    />
  )
}

/** What I can do more to a song of mine: operation it, keep its voice; why it is hidden, if it is. */
export const OwnSongActions = ({ song }: { readonly song: SongView }) => (
  <>
    {song.hidden && <HiddenNotice kind="song" id={song.id} reason={song.hidden} />}
    <Operations song={song} />
    <KeepVoiceButton song={song} />
  </>
)

export const ownSongActions = (song: SongView) => <OwnSongActions song={song} />
