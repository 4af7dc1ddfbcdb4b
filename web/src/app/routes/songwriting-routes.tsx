import { ChatPage } from "../../features/chat/chat-page.tsx"
import { SongFormPage } from "../../features/song-form/song-form-page.tsx"
import { GenerateSongControl } from "../../features/song-generation/generate-song-control.tsx"

// Routes compose features: the chat and the form hand their lyrics to the song-generation control.

export const ChatRoute = () => (
  <ChatPage generateControl={(song) => <GenerateSongControl {...song} />} />
)

export const CreateRoute = () => (
  <SongFormPage generateControl={(song) => <GenerateSongControl {...song} />} />
)
