import { type ReactNode, useState } from "react"
import type { SongInfo } from "#modules/songwriting/api.ts"
import { LyricsEditor } from "../../components/lyrics-editor.tsx"
import { Card } from "../../components/ui/card.tsx"
import { useAutosave } from "../../lib/use-autosave.ts"
import { saveChatLyrics } from "./chat-queries.ts"

/** The song's lyrics above the chat, editable; edits are saved as they are made. */
export const LyricsCard = ({
  song,
  generateControl,
}: {
  readonly song: SongInfo
  readonly generateControl: (song: { title: string; style: string; lyrics: string }) => ReactNode
}) => {
  const [lyrics, setLyrics] = useState(song.lyrics)
  const [saved, setSaved] = useState(song.lyrics)
  const saveState = useAutosave(lyrics, saved, (value) =>
    saveChatLyrics(value).then(() => setSaved(value)),
  )
  return (
    <Card className="p-6">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-display text-lg font-semibold">
          Generated Lyrics <span className="text-sm font-normal text-muted">(edit if needed)</span>
        </h2>
        <p className="text-sm text-muted">
          {song.title}
          {song.style && <> · {song.style}</>}
        </p>
      </div>
      <LyricsEditor
        id="chat-lyrics"
        label="Generated Lyrics"
        value={lyrics}
        onChange={setLyrics}
        saveState={saveState}
      />
      <div className="mt-4">
        {generateControl({ title: song.title, style: song.style, lyrics })}
      </div>
    </Card>
  )
}
