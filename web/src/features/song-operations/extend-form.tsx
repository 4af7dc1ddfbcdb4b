import { type FormEvent, useState } from "react"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { Textarea } from "../../components/ui/textarea.tsx"
import { formatSeconds } from "../../lib/format-seconds.ts"
import type { OperationFormProps } from "./operation-form-props.ts"
import { PriceButton } from "./price-button.tsx"

/** Extend: the continuation's lyrics, and where it joins (the song's end unless said). */
export const ExtendForm = ({
  song,
  price,
  balance,
  pending,
  onStart,
  refused,
  slots,
}: OperationFormProps) => {
  const [lyrics, setLyrics] = useState("")
  const [at, setAt] = useState("")
  const [voiceId, setVoiceId] = useState("")
  const seconds = song.duration / 1000

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onStart({
      operation: "extend",
      payload: {
        lyrics: lyrics.trim(),
        ...(at.trim() === "" ? {} : { atSeconds: Number(at) }),
        ...(voiceId === "" ? {} : { voiceId }),
      },
    })
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <Field label="Lyrics for the continuation" error={refused.lyrics}>
        {(control) => (
          <Textarea
            {...control}
            required
            rows={6}
            value={lyrics}
            onChange={(event) => setLyrics(event.target.value)}
            placeholder={"[Verse 3]\nWhat happens next..."}
          />
        )}
      </Field>
      <Field
        label="Continue from (seconds)"
        hint={<span className="text-xs text-muted">Empty: the end ({formatSeconds(seconds)})</span>}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            min={0}
            max={Math.floor(seconds)}
            step={0.1}
            value={at}
            onChange={(event) => setAt(event.target.value)}
            placeholder="the end"
          />
        )}
      </Field>
      {slots.voicePicker({ value: voiceId, onChange: setVoiceId })}
      <PriceButton
        label="Extend"
        use="extend"
        price={price}
        balance={balance}
        pending={pending}
        shortOfCredits={slots.shortOfCredits}
      />
    </form>
  )
}
