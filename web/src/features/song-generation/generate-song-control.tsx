import { ListMusic, Music4, Sparkles } from "lucide-react"
import { type ReactNode, useId, useState } from "react"
import { songCost } from "#modules/billing/api-prices.ts"
import { saysInstrumental } from "#modules/music/api-instrumental.ts"
import type { SongView } from "#projections/songs/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { Checkbox } from "../../components/ui/checkbox.tsx"
import { contentRefusal } from "../../lib/form.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { GeneratedSongsDialog } from "./generated-songs-dialog.tsx"
import { type SongToGenerate, useStartGeneration } from "./generation-queries.ts"
import { insufficientCreditsMessage, missingFields } from "./generation-status.ts"
import { controlText, insufficientCredits, toastStartFailure } from "./start-messages.ts"
import { type GenerationCredits, useGeneration } from "./use-generation.ts"

export type { SongToGenerate } from "./generation-queries.ts"
export type { GenerationCredits } from "./use-generation.ts"

/** Shows a refused field's message at that field, answering true; or false, to leave it to the control. */
export type ShowRefusal = (refused: { field: string; message: string } | undefined) => boolean

interface Session {
  readonly taskId: string
  readonly song: SongToGenerate
  readonly startedAt: number
}

/**
 * The Generate Song block (5 credits): refuses below 5 credits with a banner, checks the lyrics, title
 * and style first, then starts the song and opens the generated-songs dialog. Once a song is made from
 * it, the block reopens that dialog instead of offering another one (a failed one can be tried again).
 * Words the server's content checks refuse are said at their field where the page has one
 * (`onRefused`), and here otherwise.
 */
export const GenerateSongControl = ({
  credits,
  versionActions,
  voicePicker,
  shortOfCredits,
  onRefused,
  ...song
}: SongToGenerate & {
  readonly onRefused?: ShowRefusal | undefined
  readonly credits: GenerationCredits
  /** What the generated-songs dialog offers on each saved version. */
  readonly versionActions?: (saved: SongView) => ReactNode
  /** Which of my voices sings it (the voices feature's, from the route). */
  readonly voicePicker: (choice: {
    readonly value: string
    readonly onChange: (voiceId: string) => void
  }) => ReactNode
  /** The banner for a balance below the price (the credits feature's, from the route). */
  readonly shortOfCredits: (message: string) => ReactNode
}) => {
  const start = useStartGeneration()
  const [session, setSession] = useState<Session | null>(null)
  const [open, setOpen] = useState(false)
  // No voice: the lead instrument plays the lyrics' melody.
  const [instrumental, setInstrumental] = useState(
    song.instrumental ?? saysInstrumental(song.style),
  )
  const instrumentalId = useId()
  const [voiceId, setVoiceId] = useState("")
  const [refusal, setRefusal] = useState<string>()
  const { status, phase } = useGeneration(session?.taskId ?? null, credits)
  const { balance } = credits
  const short = balance !== undefined && balance < songCost
  const canRetry = session === null || phase === "failed"

  const generate = () => {
    const missing = missingFields({ ...song, instrumental })
    if (missing.length > 0) {
      toast({
        title: "Missing information",
        description: `Please add the song's ${missing.join(", ")}.`,
        variant: "destructive",
      })
      return
    }
    if (short) return insufficientCredits(insufficientCreditsMessage(balance))
    setRefusal(undefined)
    onRefused?.(undefined)
    const snapshot = {
      title: song.title.trim(),
      style: song.style.trim(),
      lyrics: song.lyrics.trim(),
      instrumental,
      ...(voiceId === "" ? {} : { voiceId }),
    }
    start.mutate(snapshot, {
      onSuccess: ({ taskId }) => {
        setSession({ taskId, song: snapshot, startedAt: Date.now() })
        setOpen(true)
        credits.refresh()
      },
      onError: (error) => {
        const refused = contentRefusal(error)
        if (refused) {
          if (!onRefused?.(refused)) setRefusal(refused.message)
          return
        }
        toastStartFailure(error)
        if (error._tag === "InsufficientCredits") credits.refresh()
      },
    })
  }

  return (
    <div className="grid gap-3">
      {short && canRetry && shortOfCredits(insufficientCreditsMessage(balance))}
      <div className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-raised/50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm text-muted">
          <Music4 className="h-4 w-4 shrink-0 text-primary" aria-hidden />
          {controlText(session !== null, phase)}
        </p>
        {canRetry && (
          <div className="flex items-center gap-2 text-sm text-muted">
            <Checkbox
              id={instrumentalId}
              checked={instrumental}
              onCheckedChange={(checked) => setInstrumental(checked === true)}
            />
            <label htmlFor={instrumentalId}>Instrumental</label>
          </div>
        )}
        {canRetry && !instrumental && voicePicker({ value: voiceId, onChange: setVoiceId })}
        {canRetry ? (
          <Button size="sm" onClick={generate} disabled={short || start.isPending}>
            <Sparkles className="h-4 w-4" aria-hidden />
            {start.isPending ? "Starting..." : "Generate Song"}
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
            <ListMusic className="h-4 w-4" aria-hidden /> Show generated songs
          </Button>
        )}
      </div>
      {refusal && (
        <p role="alert" className="text-sm font-medium text-danger">
          {refusal}
        </p>
      )}
      {session && (
        <GeneratedSongsDialog
          open={open}
          onOpenChange={setOpen}
          taskId={session.taskId}
          song={session.song}
          startedAt={session.startedAt}
          status={status}
          versionActions={versionActions}
        />
      )}
    </div>
  )
}
