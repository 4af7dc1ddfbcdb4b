import { useQuery } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { Textarea } from "../../components/ui/textarea.tsx"
import { formatSeconds } from "../../lib/format-seconds.ts"
import type { OperationFormProps } from "./operation-form-props.ts"
import { sectionsQuery } from "./operation-queries.ts"
import { PriceButton } from "./price-button.tsx"
import { type Stretch, WaveformRange } from "./waveform-range.tsx"

const custom = "custom"

/** A point in the song, in seconds. */
const SecondsField = ({
  label,
  value,
  onChange,
}: {
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
}) => (
  <Field label={label}>
    {(control) => (
      <Input
        {...control}
        required
        type="number"
        min={0}
        step={0.1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    )}
  </Field>
)

/**
 * Replace a section: choose a lyric section (its lines come to edit) or a stretch, on the waveform or in
 * seconds, write the new lines, and only that part is sung again.
 */
export const ReplaceSectionForm = ({
  song,
  price,
  balance,
  pending,
  onStart,
  refused,
  slots,
}: OperationFormProps) => {
  const sections = useQuery(sectionsQuery(song.id))
  const [chosen, setChosen] = useState("")
  const [lines, setLines] = useState("")
  const [start, setStart] = useState("")
  const [end, setEnd] = useState("")
  const known = sections.data ?? []
  const stretch = chosen === custom || (sections.isSuccess && known.length === 0)

  const marked: Stretch | null = stretch
    ? start !== "" && end !== "" && Number(end) > Number(start)
      ? { start: Number(start), end: Number(end) }
      : null
    : (() => {
        const section = known.find((s) => s.label === chosen)
        return section ? { start: section.startSeconds, end: section.endSeconds } : null
      })()
  const drawn = ({ start, end }: Stretch) => {
    setChosen(custom)
    setStart(String(start))
    setEnd(String(end))
  }

  const choose = (label: string) => {
    setChosen(label)
    const section = known.find((s) => s.label === label)
    if (section) setLines(section.lines.join("\n"))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const range = stretch
      ? { startSeconds: Number(start), endSeconds: Number(end) }
      : { section: chosen }
    onStart({ operation: "replace-section", payload: { lyrics: lines.trim(), ...range } })
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <WaveformRange
        audioUrl={song.audioUrl}
        seconds={song.duration / 1000}
        stretch={marked}
        onChoose={drawn}
      />
      {known.length > 0 && (
        <Field label="Section to replace">
          {(control) => (
            <select
              {...control}
              required
              value={chosen}
              onChange={(event) => choose(event.target.value)}
              className="rounded-xl border border-line bg-ink/60 px-3 py-2 text-sm"
            >
              <option value="" disabled>
                Choose a section
              </option>
              {known.map((section) => (
                <option key={section.label} value={section.label}>
                  {section.label} {formatSeconds(section.startSeconds)}–
                  {formatSeconds(section.endSeconds)}
                </option>
              ))}
              <option value={custom}>A stretch of my own</option>
            </select>
          )}
        </Field>
      )}
      {stretch && (
        <div className="grid grid-cols-2 gap-3">
          <SecondsField label="From (seconds)" value={start} onChange={setStart} />
          <SecondsField label="To (seconds)" value={end} onChange={setEnd} />
        </div>
      )}
      <Field label="New lines" error={refused.lyrics}>
        {(control) => (
          <Textarea
            {...control}
            required
            rows={5}
            value={lines}
            onChange={(event) => setLines(event.target.value)}
          />
        )}
      </Field>
      <PriceButton
        label="Replace"
        use="replace-section"
        price={price}
        balance={balance}
        pending={pending}
        shortOfCredits={slots.shortOfCredits}
        disabled={sections.isPending}
      />
    </form>
  )
}
