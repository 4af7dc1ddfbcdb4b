import { ChatPage } from "../../features/chat/chat-page.tsx"
import { useBalance, useRefreshCredits } from "../../features/credits/credits-queries.ts"
import { LyricsEditor } from "../../features/lyrics/lyrics-editor.tsx"
import { SongFormPage } from "../../features/song-form/song-form-page.tsx"
import {
  GenerateSongControl,
  type ShowRefusal,
  type SongToGenerate,
} from "../../features/song-generation/generate-song-control.tsx"
import { ownSongActions } from "./own-song-actions.tsx"
import { songMakingSlots } from "./song-making-slots.tsx"

// Routes compose features: the chat and the form edit their lyrics in the lyrics feature's editor and
// hand them to the song-generation control; the credits feature gives it the balance and its banner, the
// voices feature its picker, and an operation can start from the songs it makes, in its dialog (features do not
// import each other).

const GenerateSong = (song: SongToGenerate & { readonly onRefused?: ShowRefusal | undefined }) => {
  const balance = useBalance()
  const refresh = useRefreshCredits()
  return (
    <GenerateSongControl
      {...song}
      credits={{ balance: balance.data, refresh }}
      versionActions={ownSongActions}
      {...songMakingSlots}
    />
  )
}

const lyricsEditor = (editor: Parameters<typeof LyricsEditor>[0]) => <LyricsEditor {...editor} />

export const ChatRoute = () => (
  <ChatPage generateControl={(song) => <GenerateSong {...song} />} lyricsEditor={lyricsEditor} />
)

export const CreateRoute = () => (
  <SongFormPage
    generateControl={(song) => <GenerateSong {...song} />}
    lyricsEditor={lyricsEditor}
  />
)
