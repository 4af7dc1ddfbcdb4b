import { useQuery } from "@tanstack/react-query"
import { MessageCircleHeart } from "lucide-react"
import { type ReactNode, useState } from "react"
import { Link } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card.tsx"
import { PageSpinner } from "../../components/ui/page-spinner.tsx"
import { type SaveState, useAutosave } from "../../lib/use-autosave.ts"
import { draftQuery, saveDraftLyrics } from "./form-queries.ts"
import { type Brief, LyricsForm } from "./lyrics-form.tsx"

/** A field the server's content checks refused, and why. */
type Refused = { readonly field: string; readonly message: string } | undefined

type GenerateControl = (song: {
  title: string
  style: string
  lyrics: string
  instrumental: boolean
  /** Shows refused lyrics at the editor (true); the control says the rest itself. */
  onRefused: (refused: Refused) => boolean
}) => ReactNode

/** The lyrics editor (the lyrics feature's, from the route). */
type LyricsEditorSlot = (editor: {
  readonly id: string
  readonly label: string
  readonly value: string
  readonly onChange: (lyrics: string) => void
  readonly saveState: SaveState
  readonly error: string | undefined
}) => ReactNode

const LyricsDraftEditor = ({
  brief,
  written,
  instrumental,
  generateControl,
  lyricsEditor,
}: {
  readonly brief: Brief
  readonly written: string
  /** Asked for without lyrics: the Generate Song block starts with its Instrumental switch on. */
  readonly instrumental: boolean
  readonly generateControl: GenerateControl
  readonly lyricsEditor: LyricsEditorSlot
}) => {
  const [lyrics, setLyrics] = useState(written)
  const [saved, setSaved] = useState(written)
  const [refused, setRefused] = useState<string>()
  const saveState = useAutosave(lyrics, saved, (value) =>
    saveDraftLyrics(value).then(() => setSaved(value)),
  )
  return (
    <Card>
      <CardHeader>
        <CardTitle>Lyrics</CardTitle>
        <CardDescription>Edit them as you like: your changes are kept.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {lyricsEditor({
          id: "form-lyrics",
          label: "Lyrics",
          value: lyrics,
          onChange: setLyrics,
          saveState,
          error: refused,
        })}
        {generateControl({
          title: brief.title,
          style: brief.style,
          lyrics,
          instrumental,
          onRefused: (refusal) => {
            setRefused(refusal?.field === "lyrics" ? refusal.message : undefined)
            return refusal?.field === "lyrics"
          },
        })}
      </CardContent>
    </Card>
  )
}

/** /app: lyrics from a short form, for those who know what they want; Melody for those who don't. */
export const SongFormPage = ({
  generateControl,
  lyricsEditor,
}: {
  readonly generateControl: GenerateControl
  readonly lyricsEditor: LyricsEditorSlot
}) => {
  const draft = useQuery(draftQuery)
  const [written, setWritten] = useState<{
    brief: Brief
    lyrics: string
    take: number
    instrumental: boolean
  } | null>(null)

  if (draft.isPending) return <PageSpinner />
  const current =
    written ??
    (draft.data
      ? { brief: draft.data, lyrics: draft.data.lyrics, take: 0, instrumental: false }
      : null)

  return (
    <section className="mx-auto grid max-w-3xl animate-rise gap-8">
      <header className="text-center">
        <h1 className="font-display text-4xl font-bold tracking-tight sm:text-5xl">
          Create Your AI Song
        </h1>
        <p className="mt-3 text-muted">
          Chat with Melody to shape your idea, or fill in the form below.
        </p>
        <Button asChild size="lg" className="mt-6">
          <Link to="/chat">
            <MessageCircleHeart className="h-5 w-5" aria-hidden /> Use Melody AI Assistant
          </Link>
        </Button>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>Create Song with Form</CardTitle>
          <CardDescription>Describe the song, and Melody writes its lyrics.</CardDescription>
        </CardHeader>
        <CardContent>
          <LyricsForm
            initial={current?.brief ?? { title: "", description: "", style: "" }}
            onWritten={(brief, lyrics) =>
              setWritten((previous) => ({
                brief,
                lyrics,
                take: (previous?.take ?? 0) + 1,
                instrumental: false,
              }))
            }
            onInstrumental={(brief) =>
              setWritten((previous) => ({
                brief,
                lyrics: "",
                take: (previous?.take ?? 0) + 1,
                instrumental: true,
              }))
            }
          />
        </CardContent>
      </Card>

      {current && (
        <LyricsDraftEditor
          key={current.take}
          brief={current.brief}
          written={current.lyrics}
          instrumental={current.instrumental}
          generateControl={generateControl}
          lyricsEditor={lyricsEditor}
        />
      )}
    </section>
  )
}
