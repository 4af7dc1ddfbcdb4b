import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Pencil, Trash2 } from "lucide-react"
import { type FormEvent, useId, useState } from "react"
import { useNavigate } from "react-router"
import type { PlaylistPage } from "#projections/playlists/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { Checkbox } from "../../components/ui/checkbox.tsx"
import { ConfirmDialogContent } from "../../components/ui/confirm-dialog.tsx"
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { Textarea } from "../../components/ui/textarea.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { serverFieldErrors } from "../../lib/form.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { playlistKeys } from "./playlist-keys.ts"
import { usePlaylistChange, useShownOnPage } from "./playlist-queries.ts"

/** Its name and description, in a dialog: saved together, the dialog closing once they are. */
const EditDialog = ({ playlist }: { readonly playlist: PlaylistPage }) => {
  const [open, setOpen] = useState(false)
  const [name, setName] = useState(playlist.name)
  const [description, setDescription] = useState(playlist.description)
  const save = usePlaylistChange(
    "Could not save the playlist",
    () =>
      callApi((api) =>
        api.playlists.editPlaylist({ path: { id: playlist.id }, payload: { name, description } }),
      ),
    { done: () => setOpen(false) },
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(undefined)
  }
  const refused = save.isError ? serverFieldErrors(save.error) : {}
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <Pencil className="h-4 w-4" aria-hidden /> Edit
        </Button>
      </DialogTrigger>
      <DialogContent locked={save.isPending}>
        <DialogTitle>Edit playlist</DialogTitle>
        <form onSubmit={submit} className="mt-4 grid gap-4">
          <Field label="Name" error={refused.name}>
            {(control) => (
              <Input
                {...control}
                value={name}
                maxLength={100}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
          <Field label="Description" error={refused.description}>
            {(control) => (
              <Textarea
                {...control}
                value={description}
                maxLength={500}
                rows={3}
                onChange={(e) => setDescription(e.target.value)}
              />
            )}
          </Field>
          <DialogActions>
            <Button type="submit" disabled={save.isPending || name.trim() === ""}>
              {save.isPending ? "Saving..." : "Save"}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/** Delete it, after asking; then back to the library. */
const DeleteDialog = ({ playlist }: { readonly playlist: PlaylistPage }) => {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const remove = useMutation({
    mutationFn: () => callApi((api) => api.playlists.deletePlaylist({ path: { id: playlist.id } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: playlistKeys.one(playlist.id) })
      void queryClient.invalidateQueries({ queryKey: playlistKeys.all })
      toast({ title: "Playlist deleted", description: `${playlist.name} is gone.` })
      void navigate("/library")
    },
    onError: (error) =>
      toast({
        title: "Could not delete the playlist",
        description: errorMessage(error),
        variant: "destructive",
      }),
  })
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <Trash2 className="h-4 w-4" aria-hidden /> Delete
        </Button>
      </DialogTrigger>
      <ConfirmDialogContent
        title="Delete this playlist?"
        cancelLabel="Cancel"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      >
        {playlist.name} will be deleted for everyone. Its songs stay where they are.
      </ConfirmDialogContent>
    </Dialog>
  )
}

/** What the owner does to the whole list: edit it, share it or keep it private, delete it. */
export const PlaylistOwnerActions = ({ playlist }: { readonly playlist: PlaylistPage }) => {
  const publicBox = useId()
  const shown = useShownOnPage(playlist.id)
  const privacy = usePlaylistChange(
    "Could not change who sees the playlist",
    (isPublic: boolean) =>
      callApi((api) =>
        api.playlists.setPlaylistPrivacy({ path: { id: playlist.id }, payload: { isPublic } }),
      ),
    { shows: (isPublic) => shown((before) => ({ ...before, isPublic })) },
  )
  // The box turns with the press itself; the page's cache follows a moment later (and both go back
  // when the change is refused).
  const [asked, setAsked] = useState<boolean | null>(null)
  return (
    <div className="flex flex-wrap items-center gap-3">
      <EditDialog key={`${playlist.name}\n${playlist.description}`} playlist={playlist} />
      <span className="flex items-center gap-2 text-sm text-muted">
        <Checkbox
          id={publicBox}
          checked={asked ?? playlist.isPublic}
          disabled={privacy.isPending}
          onCheckedChange={(checked) => {
            setAsked(checked)
            privacy.mutate(checked, { onSettled: () => setAsked(null) })
          }}
        />
        <label htmlFor={publicBox}>Public</label>
      </span>
      <DeleteDialog playlist={playlist} />
    </div>
  )
}
