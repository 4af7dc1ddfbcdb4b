import { ChatPage } from "../../features/chat/chat-page.tsx"
import { useBalance, useRefreshCredits } from "../../features/credits/credits-queries.ts"
import { SongFormPage } from "../../features/song-form/song-form-page.tsx"
import {
  GenerateSongControl,
  type SongToGenerate,
} from "../../features/song-generation/generate-song-control.tsx"
import { ownSongActions } from "./own-song-actions.tsx"

// Routes compose features: the chat and the form hand their lyrics to the song-generation control, and
// the credits feature gives it the balance, and the songs it makes can be reshaped from its dialog
// (features do not import each other).

const GenerateSong = (song: SongToGenerate) => {
  const balance = useBalance()
  const refresh = useRefreshCredits()
  return (
    <GenerateSongControl
      {...song}
      credits={{ balance: balance.data, refresh }}
      versionActions={ownSongActions}
    />
  )
}

export const ChatRoute = () => <ChatPage generateControl={(song) => <GenerateSong {...song} />} />

export const CreateRoute = () => (
  <SongFormPage generateControl={(song) => <GenerateSong {...song} />} />
)
