import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Layers, LoaderCircle } from "lucide-react"
import { useEffect, useState } from "react"
import type { SongView } from "#modules/catalog/api.ts"
import type { StemsStatus } from "#modules/media/api.ts"
import { callApi } from "../../lib/api.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { Button } from "../ui/button.tsx"

/** Starts the browser's download of a file the server names and serves as an attachment. */
const startDownload = (url: string) => {
  const link = document.createElement("a")
  link.href = url
  link.download = ""
  document.body.append(link)
  link.click()
  link.remove()
}

const failed = (message: string) =>
  toast({ title: "Stems failed", description: message, variant: "destructive" })

/**
 * 'Stems': the song's vocals, drums, bass, harmony and lead as WAVs in one zip. Made on the first ask
 * (the button says so while they are made, about as long as the song took) and downloaded once ready;
 * later asks download the kept zip at once.
 */
export const StemsButton = ({ song }: { readonly song: SongView }) => {
  const queryClient = useQueryClient()
  const key = ["stems", song.id] as const
  // Set when the person asks, until what they asked for has downloaded or failed.
  const [waiting, setWaiting] = useState(false)
  const status = useQuery({
    queryKey: key,
    queryFn: () => callApi((api) => api.stems.status({ path: { id: song.id } })),
    enabled: waiting,
    refetchInterval: (query) => (query.state.data?.status === "making" ? 2000 : false),
  })
  const make = useMutation({
    mutationFn: () => callApi((api) => api.stems.make({ path: { id: song.id } })),
    onSuccess: (answer: StemsStatus) => {
      queryClient.setQueryData(key, answer)
      setWaiting(true)
    },
    onError: (error: Error) => failed(error.message),
  })
  const state = status.data

  useEffect(() => {
    if (!waiting || !state) return
    if (state.status === "ready" && state.downloadUrl) {
      setWaiting(false)
      startDownload(state.downloadUrl)
    } else if (state.status === "failed") {
      setWaiting(false)
      failed(state.error ?? "The stems could not be made. Please try again.")
    }
  }, [state, waiting])

  const making = make.isPending || (waiting && state?.status === "making")
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={making}
      onClick={() => make.mutate()}
      aria-label={making ? `Making the stems of ${song.title}` : `Download ${song.title} as stems`}
    >
      {making ? (
        <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />
      ) : (
        <Layers className="h-4 w-4" aria-hidden />
      )}
      {making ? "Making stems…" : "Stems"}
    </Button>
  )
}
