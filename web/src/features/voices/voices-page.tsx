import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Mic, Trash2 } from "lucide-react"
import { useState } from "react"
import { Link } from "react-router"
import type { VoiceView } from "#modules/music/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import { ConfirmDialogContent } from "../../components/ui/confirm-dialog.tsx"
import { Dialog, DialogTrigger } from "../../components/ui/dialog.tsx"
import { PageSpinner } from "../../components/ui/page-spinner.tsx"
import { apiMutation } from "../../lib/api.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { myVoicesQuery, singerWords, voiceKeys } from "./voice-queries.ts"

const ForgetVoice = ({ voice }: { readonly voice: VoiceView }) => {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const forget = useMutation(
    apiMutation((api, voiceId: string) => api.voices.forget({ path: { voiceId } })),
  )
  const confirm = () =>
    forget.mutate(voice.id, {
      onSuccess: () => {
        setOpen(false)
        void queryClient.invalidateQueries({ queryKey: voiceKeys.mine })
      },
      onError: () =>
        toast({
          title: "Error",
          description: "The voice could not be deleted.",
          variant: "destructive",
        }),
    })
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" aria-label={`Delete the voice ${voice.name}`}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </DialogTrigger>
      <ConfirmDialogContent
        title={`Delete "${voice.name}"?`}
        cancelLabel="Keep it"
        confirmLabel="Delete voice"
        pendingLabel="Deleting..."
        pending={forget.isPending}
        onConfirm={confirm}
      >
        Songs it already sang stay as they are; it will not be offered for new ones.
      </ConfirmDialogContent>
    </Dialog>
  )
}

/** /voices: the voices I kept, each with where it came from; private to me. */
export const VoicesPage = () => {
  const voices = useQuery(myVoicesQuery)
  if (voices.isPending) return <PageSpinner />
  if (voices.isError)
    return (
      <p className="text-center text-danger">Your voices could not be loaded. Please refresh.</p>
    )
  return (
    <section className="mx-auto max-w-4xl animate-rise space-y-6">
      <header>
        <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">Voices</h1>
        <p className="mt-2 text-muted">
          Singers you kept from your songs. Choose one when you make, extend or cover a song.
        </p>
      </header>
      {voices.data.length === 0 ? (
        <div className="mx-auto max-w-md py-16 text-center text-muted">
          <p>No voices yet. In My Songs, choose Keep voice on a song whose singer you like.</p>
          <Button asChild className="mt-6">
            <Link to="/library">Go to My Songs</Link>
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="My voices">
          {voices.data.map((voice) => (
            <li key={voice.id} aria-label={voice.name}>
              <Card className="grid gap-2 p-5">
                <div className="flex items-start justify-between gap-3">
                  <h2 className="flex items-center gap-2 font-display text-lg font-semibold">
                    <Mic className="h-4 w-4 text-primary" aria-hidden /> {voice.name}
                  </h2>
                  <ForgetVoice voice={voice} />
                </div>
                <p className="text-sm">{singerWords(voice.singer)}</p>
                {voice.description && <p className="text-sm text-muted">{voice.description}</p>}
                <p className="text-xs text-muted">
                  {voice.style}
                  {voice.songId !== null && (
                    <>
                      {" "}
                      · from{" "}
                      <Link to={`/song/${voice.songId}`} className="text-primary hover:text-pink">
                        {voice.songTitle}
                      </Link>
                    </>
                  )}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
