import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { Textarea } from "../../components/ui/textarea.tsx"
import { type FieldErrors, serverFieldErrors, validate } from "../../lib/form.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { useGenerateLyrics } from "./form-queries.ts"

export interface Brief {
  readonly title: string
  readonly description: string
  readonly style: string
}

const payload = () => import("#modules/songwriting/api.ts").then((api) => api.LyricsRequestPayload)

/** 'Create Song with Form': title, description and style, checked as the server checks them. */
export const LyricsForm = ({
  initial,
  onWritten,
  onInstrumental,
}: {
  readonly initial: Brief
  readonly onWritten: (brief: Brief, lyrics: string) => void
  /** The person wants an instrumental: no lyrics to write. */
  readonly onInstrumental: (brief: Brief) => void
}) => {
  const generate = useGenerateLyrics()
  const [values, setValues] = useState<Brief>(initial)
  const [errors, setErrors] = useState<FieldErrors>({})

  const set = (field: keyof Brief) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }))

  /** An instrumental needs no lyrics: only its title and style. */
  const instrumental = () => {
    const missing: FieldErrors = {
      ...(values.title.trim() === "" ? { title: "Title is required" } : {}),
      ...(values.style.trim() === "" ? { style: "Style is required" } : {}),
    }
    setErrors(missing)
    if (Object.keys(missing).length === 0) onInstrumental(values)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = await validate(payload, values)
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
    generate.mutate(checked.value, {
      onSuccess: ({ lyrics }) => {
        if (!lyrics) {
          toast({
            title: "Error generating lyrics",
            description: "Invalid response format",
            variant: "destructive",
          })
          return
        }
        toast({
          title: "Lyrics generated successfully!",
          description: "Your lyrics are ready below.",
          variant: "success",
        })
        onWritten(checked.value, lyrics)
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error))
        toast({
          title: "Error generating lyrics",
          description: error.message || "Failed to generate lyrics",
          variant: "destructive",
        })
      },
    })
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <Field label="Song Title" error={errors.title}>
        {(control) => (
          <Input
            {...control}
            value={values.title}
            onChange={set("title")}
            placeholder="Paper Boats"
          />
        )}
      </Field>
      <Field label="Song Description" error={errors.description}>
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            value={values.description}
            onChange={set("description")}
            placeholder="What is the song about? A memory, a person, a feeling..."
          />
        )}
      </Field>
      <Field label="Style Description" error={errors.style}>
        {(control) => (
          <Input
            {...control}
            value={values.style}
            onChange={set("style")}
            placeholder="Folk, calm, female vocals, acoustic guitar"
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={generate.isPending}>
          {generate.isPending ? "Generating..." : "Generate Lyrics"}
        </Button>
        <Button type="button" variant="secondary" onClick={instrumental}>
          Instrumental, no lyrics
        </Button>
      </div>
    </form>
  )
}
