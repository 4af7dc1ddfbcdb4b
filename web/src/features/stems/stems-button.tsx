import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Layers, LoaderCircle } from "lucide-react"
import { useEffect, useState } from "react"
import type { StemsStatus } from "#modules/music/api.ts"
import type { SongView } from "#projections/songs/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { callApi, callPaidApi } from "../../lib/api.ts"
import { operationsQuery } from "../../lib/operations-query.ts"
import { toast } from "../../lib/toast/toast-store.ts"

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
 * What making a song's stems costs, or null where they cannot be made: the engine plays again part by
 * part a song it made (one with a MIDI file); the music API separates any other of its songs.
 */
const useStemsPrice = (song: SongView) => {
  const offer = useQuery(operationsQuery).data
  if (!offer) return null
  if (song.midiUrl) return offer.stemsPrices.engine
  return offer.maker === "music-api" && song.taskId ? offer.stemsPrices.musicApi : null
}

/**
 * 'Stems': the song's parts in one zip (the engine's vocals, drums, bass, harmony and lead as WAVs; the
 * music API's as it separates them), its price on the button when it has one. Made on the first ask (the
 * button says so while they are made) and downloaded once ready; later asks download the kept zip at once.
 */
export const StemsButton = ({ song }: { readonly song: SongView }) => {
  const price = useStemsPrice(song)
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
    mutationFn: () => callPaidApi((api) => api.stems.make({ path: { id: song.id } })),
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
  if (price === null) return null
  const priced = price > 0 ? ` (${price} credits)` : ""
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={making}
      onClick={() => make.mutate()}
      aria-label={
        making ? `Making the stems of ${song.title}` : `Download ${song.title} as stems${priced}`
      }
    >
      {making ? (
        <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />
      ) : (
        <Layers className="h-4 w-4" aria-hidden />
      )}
      {making ? "Making stems…" : `Stems${priced}`}
    </Button>
  )
}

/**
 * 'Stems' where a list offers them: on my own songs wherever its maker can make them, on anyone's whose
 * parts are shared (those carry their MIDI file).
 */
export const Stems = ({
  song,
  own = false,
}: {
  readonly song: SongView
  readonly own?: boolean
}) => (own || song.midiUrl ? <StemsButton song={song} /> : null)
