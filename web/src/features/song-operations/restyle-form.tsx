import { type FormEvent, useState } from "react"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import type { OperationFormProps } from "./operation-form-props.ts"
import { PriceButton } from "./price-button.tsx"

const suggestions = ["as a jazz ballad", "synthwave", "acoustic folk", "lo-fi hip hop", "rock"]

/** Restyle: the same lyrics and melody in another style. */
export const RestyleForm = ({
  song,
  price,
  balance,
  pending,
  onStart,
  refused,
  slots,
}: OperationFormProps) => {
  const [style, setStyle] = useState("")
  const [voiceId, setVoiceId] = useState("")

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onStart({
      operation: "restyle",
      payload: { style: style.trim(), ...(voiceId === "" ? {} : { voiceId }) },
    })
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <Field
        label="New style"
        error={refused.style}
        hint={<span className="text-xs text-muted">Now: {song.style}</span>}
      >
        {(control) => (
          <Input
            {...control}
            required
            maxLength={200}
            value={style}
            onChange={(event) => setStyle(event.target.value)}
            placeholder="as a jazz ballad"
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        {suggestions.map((suggestion) => (
          <button
            key={suggestion}
            type="button"
            onClick={() => setStyle(suggestion)}
            className="rounded-full border border-line px-3 py-1 text-xs text-muted hover:border-primary hover:text-text"
          >
            {suggestion}
          </button>
        ))}
      </div>
      {slots.voicePicker({ value: voiceId, onChange: setVoiceId })}
      <PriceButton
        label="Restyle it"
        use="restyle"
        price={price}
        balance={balance}
        pending={pending}
        shortOfCredits={slots.shortOfCredits}
      />
    </form>
  )
}
