import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useId } from "react"
import type { SongView } from "#projections/songs/api.ts"
import { Checkbox } from "../../components/ui/checkbox.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { applySongSettings } from "../../lib/song-cache.ts"
import { toast } from "../../lib/toast/toast-store.ts"

/** Lets others take my public song's parts (stems and MIDI), or not. */
const useSetPartsSharing = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, shared }: { readonly id: string; readonly shared: boolean }) =>
      callApi((api) => api.catalog.setPartsSharing({ path: { id }, payload: { shared } })),
    onSuccess: (settings) => applySongSettings(queryClient, settings),
  })
}

/**
 * Whether others may download a song's stems and MIDI file while it is public: off until its owner says
 * so, for a song that has them.
 */
export const PartsSharing = ({ song }: { readonly song: SongView }) => {
  const sharing = useSetPartsSharing()
  const id = useId()
  if (!song.midiUrl) return null
  return (
    <span className="flex items-center gap-2 text-xs text-muted">
      <Checkbox
        id={id}
        checked={song.partsShared}
        disabled={sharing.isPending}
        onCheckedChange={(checked) =>
          sharing.mutate(
            { id: song.id, shared: checked === true },
            {
              onError: (error) =>
                toast({
                  title: "Error",
                  description: errorMessage(error),
                  variant: "destructive",
                }),
            },
          )
        }
      />
      <label htmlFor={id}>Let others download its stems and MIDI while it is public</label>
    </span>
  )
}
