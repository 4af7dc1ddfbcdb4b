import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Ban } from "lucide-react"
import { useState } from "react"
import type { CreatorProfile } from "#projections/creators/api.ts"
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
import { callApi, errorMessage } from "../../lib/api.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { creatorKeys } from "./creator-keys.ts"

/**
 * Blocks someone after saying what a block does, or unblocks them at once. Every list that a block
 * changes (their page, comments, follows) is fetched again.
 */
export const BlockButton = ({ profile }: { readonly profile: CreatorProfile }) => {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const name = profile.name || profile.username
  const change = useMutation({
    mutationFn: (block: boolean) =>
      callApi((api) =>
        block
          ? api.community.block({ path: { username: profile.username } })
          : api.community.unblock({ path: { username: profile.username } }),
      ),
    onSuccess: (state) => {
      setOpen(false)
      toast({
        title: state.blocking ? `You blocked ${name}` : `You unblocked ${name}`,
        variant: "success",
      })
    },
    onError: (error) =>
      toast({
        title: "Could not change the block",
        description: errorMessage(error),
        variant: "destructive",
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: creatorKeys.all }),
        queryClient.invalidateQueries({ queryKey: ["comments"] }),
      ]),
  })
  if (profile.blockedByYou) {
    return (
      <Button
        variant="ghost"
        size="sm"
        disabled={change.isPending}
        onClick={() => change.mutate(false)}
      >
        <Ban className="h-4 w-4" aria-hidden /> Unblock
      </Button>
    )
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Block ${name}`}>
          <Ban className="h-4 w-4" aria-hidden /> Block
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Block {name}?</DialogTitle>
        <DialogDescription>
          Their comments are hidden from you, and they can no longer comment on your songs, reply to
          you or follow you. You stop following each other. They are not told.
        </DialogDescription>
        <DialogActions>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" disabled={change.isPending} onClick={() => change.mutate(true)}>
            {change.isPending ? "Blocking..." : "Block"}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  )
}
