import { Trash2 } from "lucide-react"
import { useId, useState } from "react"
import type { SongView } from "#projections/songs/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { Checkbox } from "../../components/ui/checkbox.tsx"
import { ConfirmDialogContent } from "../../components/ui/confirm-dialog.tsx"
import { Dialog, DialogTrigger } from "../../components/ui/dialog.tsx"
import { errorMessage } from "../../lib/api.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { useDeleteSong } from "./song-deletion.ts"

/**
 * 'Delete', after a confirmation: the song leaves the library, the timeline and its page, with its files;
 * the credits it cost stay spent. Where its generation made other versions, they may go with it.
 */
export const DeleteSongDialog = ({
  song,
  otherVersions,
}: {
  readonly song: SongView
  /** How many other versions of its generation I still have. */
  readonly otherVersions: number
}) => {
  const [open, setOpen] = useState(false)
  const [allVersions, setAllVersions] = useState(false)
  const remove = useDeleteSong()
  const checkbox = useId()
  const confirm = () =>
    remove.mutate(
      { id: song.id, allVersions },
      {
        onSuccess: ({ songIds }) => {
          setOpen(false)
          toast({
            title: songIds.length > 1 ? `${songIds.length} songs deleted` : "Song deleted",
            variant: "success",
          })
        },
        onError: (error) =>
          toast({
            title: "Delete failed",
            description: errorMessage(error),
            variant: "destructive",
          }),
      },
    )
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" aria-label={`Delete ${song.title}`}>
          <Trash2 className="h-4 w-4" aria-hidden /> Delete
        </Button>
      </DialogTrigger>
      <ConfirmDialogContent
        title={`Delete “${song.title}”?`}
        cancelLabel="Keep it"
        confirmLabel={allVersions ? `Delete ${otherVersions + 1} songs` : "Delete song"}
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirm}
      >
        It leaves your library, the timeline and its page, and its files are removed. The credits it
        cost are not returned. This cannot be undone.
        {otherVersions > 0 && (
          <span className="mt-4 flex items-center gap-2 text-text">
            <Checkbox
              id={checkbox}
              checked={allVersions}
              onCheckedChange={(checked) => setAllVersions(checked === true)}
            />
            <label htmlFor={checkbox}>
              Also delete its other {otherVersions === 1 ? "version" : `${otherVersions} versions`}
            </label>
          </span>
        )}
      </ConfirmDialogContent>
    </Dialog>
  )
}
