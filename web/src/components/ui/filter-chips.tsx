import { useState } from "react"
import { cn } from "../../lib/cn.ts"

/** Chips to filter by; selected ones are pressed. Past `shown`, 'Show More (N)' / 'Show Less'. */
export const FilterChips = ({
  chips,
  selected,
  onToggle,
  shown = Number.POSITIVE_INFINITY,
  label,
}: {
  readonly chips: ReadonlyArray<string>
  readonly selected: ReadonlySet<string>
  readonly onToggle: (chip: string) => void
  readonly shown?: number
  readonly label: string
}) => {
  const [expanded, setExpanded] = useState(false)
  if (chips.length === 0) return null
  const hidden = chips.length - shown
  const visible = expanded || hidden <= 0 ? chips : chips.slice(0, shown)
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{label}</legend>
      {visible.map((chip) => (
        <Chip key={chip} chip={chip} pressed={selected.has(chip)} onToggle={onToggle} />
      ))}
      {hidden > 0 && (
        <button
          type="button"
          onClick={() => setExpanded(!expanded)}
          className="rounded-full px-3 py-1 text-xs font-semibold text-primary hover:text-pink"
        >
          {expanded ? "Show Less" : `Show More (${hidden})`}
        </button>
      )}
    </fieldset>
  )
}

export const Chip = ({
  chip,
  pressed,
  onToggle,
  small = false,
}: {
  readonly chip: string
  readonly pressed: boolean
  readonly onToggle: (chip: string) => void
  readonly small?: boolean
}) => (
  <button
    type="button"
    aria-pressed={pressed}
    onClick={() => onToggle(chip)}
    className={cn(
      "rounded-full border font-semibold capitalize transition",
      small ? "px-2 py-0.5 text-[0.68rem]" : "px-3 py-1 text-xs",
      pressed
        ? "border-primary bg-primary/20 text-text"
        : "border-line bg-surface-raised/60 text-muted hover:border-line-strong hover:text-text",
    )}
  >
    {chip}
  </button>
)

/** Toggles a chip in a set, for the screens' filter state. */
export const toggled = (set: ReadonlySet<string>, chip: string) => {
  const next = new Set(set)
  if (!next.delete(chip)) next.add(chip)
  return next
}

/** The items carrying any of the selected tags; all of them when none is selected. */
export const withAnyTag = <I,>(
  items: ReadonlyArray<I>,
  selected: ReadonlySet<string>,
  tagsOf: (item: I) => ReadonlyArray<string>,
) =>
  selected.size === 0
    ? items
    : items.filter((item) => tagsOf(item).some((tag) => selected.has(tag)))
