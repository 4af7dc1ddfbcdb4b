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

/**
 * Lyrics in an editable box with the 'length / 2000' counter, whether the last edit is saved, and why
 * they were refused, when they were.
 */
export const LyricsEditor = ({
  id,
  label,
  value,
  onChange,
  saveState = "idle",
  error,
  className,
}: {
  readonly id: string
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly saveState?: SaveState
  readonly error?: string | undefined
  readonly className?: string
}) => (
  <div className="grid gap-2">
    <Textarea
      id={id}
      aria-label={label}
      aria-invalid={error !== undefined}
      {...(error ? { "aria-describedby": `${id}-error` } : {})}
      value={value}
      maxLength={lyricsLimit}
      spellCheck
      onChange={(event) => onChange(event.target.value)}
      className={cn("h-[400px] resize-none font-mono text-[0.85rem]", className)}
    />
    {error && (
      <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
        {error}
      </p>
    )}
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
