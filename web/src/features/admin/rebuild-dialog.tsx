import { RotateCcw } from "lucide-react"
import { useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { ConfirmDialogContent } from "../../components/ui/confirm-dialog.tsx"
import { Dialog, DialogTrigger } from "../../components/ui/dialog.tsx"
import { errorMessage } from "../../lib/api.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { useRebuildProjection } from "./admin-queries.ts"

/** Rebuilding is asked for twice: while it replays, the screens it serves show less. */
export const RebuildButton = ({ name }: { readonly name: string }) => {
  const [open, setOpen] = useState(false)
  const rebuild = useRebuildProjection()
  const confirm = () =>
    rebuild.mutate(name, {
      onSuccess: () => {
        setOpen(false)
        toast({
          title: "Rebuild started",
          description: `${name} is replaying every event from the start.`,
          variant: "success",
        })
      },
      onError: (error) =>
        toast({
          title: "Rebuild failed",
          description: errorMessage(error),
          variant: "destructive",
        }),
    })
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={`Rebuild ${name}`}>
          <RotateCcw className="h-4 w-4" aria-hidden /> Rebuild
        </Button>
      </DialogTrigger>
      <ConfirmDialogContent
        title={`Rebuild ${name}?`}
        cancelLabel="Cancel"
        confirmLabel="Rebuild"
        pendingLabel="Rebuilding..."
        pending={rebuild.isPending}
        onConfirm={confirm}
      >
        This empties the {name} read model and replays every event into it from the first. Until it
        has caught up, the screens that read it show less than there is.
      </ConfirmDialogContent>
    </Dialog>
  )
}
