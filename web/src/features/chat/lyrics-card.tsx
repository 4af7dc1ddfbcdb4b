import { type ReactNode, useState } from "react"
import type { SongInfo } from "#modules/songwriting/api.ts"
import { Card } from "../../components/ui/card.tsx"
import { type SaveState, useAutosave } from "../../lib/use-autosave.ts"
import { saveChatLyrics } from "./chat-queries.ts"

/** The lyrics editor (the lyrics feature's, from the route). */
export type LyricsEditorSlot = (editor: {
  readonly id: string
  readonly label: string
  readonly value: string
  readonly onChange: (lyrics: string) => void
  readonly saveState: SaveState
  readonly error?: string | undefined
}) => ReactNode

/** A field the server's content checks refused, and why. */
type Refused = { readonly field: string; readonly message: string } | undefined

/** The song's lyrics above the chat, editable; edits are saved as they are made. */
export const LyricsCard = ({
  song,
  generateControl,
  lyricsEditor,
}: {
  readonly song: SongInfo
  readonly generateControl: (song: {
    title: string
    style: string
    lyrics: string
    /** Shows refused lyrics at the editor (true); the control says the rest itself. */
    onRefused?: (refused: Refused) => boolean
  }) => ReactNode
  readonly lyricsEditor: LyricsEditorSlot
}) => {
  const [lyrics, setLyrics] = useState(song.lyrics)
  const [saved, setSaved] = useState(song.lyrics)
  const [refused, setRefused] = useState<string>()
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
      {lyricsEditor({
        id: "chat-lyrics",
        label: "Generated Lyrics",
        value: lyrics,
        onChange: setLyrics,
        saveState,
        error: refused,
      })}
      <div className="mt-4">
        {generateControl({
          title: song.title,
          style: song.style,
          lyrics,
          onRefused: (refusal) => {
            setRefused(refusal?.field === "lyrics" ? refusal.message : undefined)
            return refusal?.field === "lyrics"
          },
        })}
      </div>
    </Card>
  )
}
