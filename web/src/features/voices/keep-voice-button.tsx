import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Mic } from "lucide-react"
import { type FormEvent, useState } from "react"
import type { SongView } from "#projections/songs/api.ts"
import { Button } from "../../components/ui/button.tsx"
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { apiMutation, errorMessage } from "../../lib/api.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { voiceKeys } from "./voice-queries.ts"

/** "Keep this voice": names the singer of one of my songs, to sing later ones. Free. */
export const KeepVoiceButton = ({ song }: { readonly song: SongView }) => {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [name, setName] = useState("")
  const [description, setDescription] = useState("")
  const keep = useMutation(
    apiMutation((api, payload: { name: string; description: string }) =>
      api.voices.keep({ payload: { songId: song.id, ...payload } }),
    ),
  )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    keep.mutate(
      { name: name.trim(), description: description.trim() },
      {
        onSuccess: (voice) => {
          void queryClient.invalidateQueries({ queryKey: voiceKeys.mine })
          setOpen(false)
          toast({
            title: "Voice kept",
            description: `"${voice.name}" can now sing your next songs.`,
            variant: "success",
          })
        },
        onError: (error) =>
          toast({
            title: "The voice could not be kept",
            description: errorMessage(error, "Please try again."),
            variant: "destructive",
          }),
      },
    )
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" aria-label={`Keep voice of ${song.title}`}>
          <Mic className="h-4 w-4" aria-hidden /> Keep voice
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Keep this voice</DialogTitle>
        <DialogDescription>
          The singer of “{song.title}” and its style, to choose when you make, extend or cover a
          song.
        </DialogDescription>
        <form onSubmit={submit} className="mt-4 grid gap-4">
          <Field label="Voice name">
            {(control) => (
              <Input
                {...control}
                required
                maxLength={40}
                value={name}
                onChange={(event) => setName(event.target.value)}
                placeholder="Velvet"
              />
            )}
          </Field>
          <Field label="Description">
            {(control) => (
              <Input
                {...control}
                maxLength={300}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                placeholder="Warm, breathy, late-night"
              />
            )}
          </Field>
          <DialogActions>
            <Button type="submit" disabled={keep.isPending}>
              {keep.isPending ? "Keeping..." : "Keep voice"}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  )
}
