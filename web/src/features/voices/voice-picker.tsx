import { useQuery } from "@tanstack/react-query"
import { useId } from "react"
import { myVoicesQuery, singerWords } from "./voice-queries.ts"

/**
 * Which of my kept voices sings the song: none (the style's own singer) or one of them. Hidden until I
 * have kept one.
 */
export const VoicePicker = ({
  value,
  onChange,
}: {
  readonly value: string
  readonly onChange: (voiceId: string) => void
}) => {
  const voices = useQuery(myVoicesQuery)
  const id = useId()
  if (!voices.data || voices.data.length === 0) return null
  return (
    <div className="flex items-center gap-2 text-sm text-muted">
      <label htmlFor={id}>Voice</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-xl border border-line bg-ink/60 px-3 py-1.5 text-sm text-text"
      >
        <option value="">The style's own</option>
        {voices.data.map((voice) => (
          <option key={voice.id} value={voice.id}>
            {voice.name} ({singerWords(voice.singer)})
          </option>
        ))}
      </select>
    </div>
  )
}
