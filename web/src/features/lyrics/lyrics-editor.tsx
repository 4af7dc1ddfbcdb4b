import { lyricsLimit } from "#modules/songwriting/api-chat.ts"
import { Textarea } from "../../components/ui/textarea.tsx"
import { cn } from "../../lib/cn.ts"
import type { SaveState } from "../../lib/use-autosave.ts"

const saveLabels: Record<SaveState, string> = {
  idle: "",
  saving: "Saving...",
  saved: "Saved",
  failed: "Not saved: check your connection",
}

/** Lyrics in an editable box with the 'length / 2000' counter, and whether the last edit is saved. */
export const LyricsEditor = ({
  id,
  label,
  value,
  onChange,
  saveState = "idle",
  className,
}: {
  readonly id: string
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly saveState?: SaveState
  readonly className?: string
}) => (
  <div className="grid gap-2">
    <Textarea
      id={id}
      aria-label={label}
      value={value}
      maxLength={lyricsLimit}
      spellCheck
      onChange={(event) => onChange(event.target.value)}
      className={cn("h-[400px] resize-none font-mono text-[0.85rem]", className)}
    />
    <div className="flex justify-between text-xs">
      <span
        className={cn("text-faint", saveState === "failed" && "text-danger")}
        aria-live="polite"
      >
        {saveLabels[saveState]}
      </span>
      <span
        className={cn("tabular-nums text-faint", value.length >= lyricsLimit && "text-warning")}
        data-testid="lyrics-length"
      >
        {value.length} / {lyricsLimit}
      </span>
    </div>
  </div>
)
