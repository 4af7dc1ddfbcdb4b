import { RotateCcw } from "lucide-react"
import { useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import {
  Dialog,
  DialogActions,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog.tsx"
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
      <DialogContent locked={rebuild.isPending}>
        <DialogTitle>Rebuild {name}?</DialogTitle>
        <DialogDescription>
          This empties the {name} read model and replays every event into it from the first. Until
          it has caught up, the screens that read it show less than there is.
        </DialogDescription>
        <DialogActions>
          <DialogClose asChild>
            <Button variant="ghost" disabled={rebuild.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" onClick={confirm} disabled={rebuild.isPending}>
            {rebuild.isPending ? "Rebuilding..." : "Rebuild"}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  )
}
