import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Layers, LoaderCircle } from "lucide-react"
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

const stemsKey = (songId: string) => ["stems", songId] as const

const readStatus = (songId: string) => callApi((api) => api.stems.status({ path: { id: songId } }))

/**
 * Follows stems asked for until their zip downloads or they fail, whatever is drawn meanwhile: the button
 * may be gone (its card's panel closed) by the time they are ready.
 */
const follow = async (queryClient: QueryClient, songId: string) => {
  const key = stemsKey(songId)
  for (;;) {
    const state = queryClient.getQueryData<StemsStatus>(key)
    if (state?.status === "ready" && state.downloadUrl) return startDownload(state.downloadUrl)
    if (state?.status === "failed")
      return failed(state.error ?? "The stems could not be made. Please try again.")
    await new Promise((resolve) => setTimeout(resolve, 2000))
    try {
      await queryClient.fetchQuery({
        queryKey: key,
        queryFn: () => readStatus(songId),
        staleTime: 0,
      })
    } catch (error) {
      return failed(error instanceof Error ? error.message : String(error))
    }
  }
}

/**
 * 'Stems': the song's parts in one zip (the engine's vocals, drums, bass, harmony and lead as WAVs; the
 * music API's as it separates them), its price on the button when it has one. Made on the first ask (the
 * button says so while they are made) and downloaded once ready; later asks download the kept zip at once.
 */
export const StemsButton = ({ song }: { readonly song: SongView }) => {
  const price = useStemsPrice(song)
  const queryClient = useQueryClient()
  // What this page last heard of them, as `follow` keeps it: never asked for by drawing the button.
  const state = useQuery({
    queryKey: stemsKey(song.id),
    queryFn: () => readStatus(song.id),
    enabled: false,
  }).data
  const make = useMutation({
    mutationFn: () => callPaidApi((api) => api.stems.make({ path: { id: song.id } })),
    onSuccess: (answer: StemsStatus) => {
      queryClient.setQueryData(stemsKey(song.id), answer)
      void follow(queryClient, song.id)
    },
    onError: (error: Error) => failed(error.message),
  })

  const making = make.isPending || state?.status === "making"
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
