import { toast } from "./toast/toast-store.ts"

/** Spec section 9: three attempts, 1.5 s apart. */
export const downloadAttempts = 3
export const downloadRetryDelay = 1500

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Hands a fetched file to the browser as a download named `fileName`. */
const save = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob)
  const link = document.createElement("a")
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

const fetchFile = async (url: string) => {
  const response = await fetch(url, { credentials: "same-origin" })
  if (!response.ok) throw new Error("Failed to fetch audio file")
  return response.blob()
}

/**
 * The song's MP3, saved as '{title}.mp3': fetched with up to three attempts, saying what happens at
 * each step in the spec's words.
 */
export const downloadMp3 = async (
  song: { readonly title: string; readonly audioUrl: string | null },
  finalFailure = "Could not download song after multiple attempts. Please try again in a few seconds.",
) => {
  if (!song.audioUrl) {
    toast({
      title: "Error",
      description: "No audio file available for download",
      variant: "destructive",
    })
    return
  }
  const progress = toast({ title: "Preparing download..." })
  for (let attempt = 1; attempt <= downloadAttempts; attempt++) {
    try {
      if (attempt > 1)
        progress.update({
          title: `Retrying download - Attempt ${attempt} of ${downloadAttempts}...`,
        })
      save(await fetchFile(song.audioUrl), `${song.title}.mp3`)
      progress.update({ title: "Download started!", variant: "success" })
      return
    } catch {
      if (attempt < downloadAttempts) await sleep(downloadRetryDelay)
    }
  }
  progress.update({ title: "Download failed", description: finalFailure, variant: "destructive" })
}

/** The song as 16-bit WAV, converted by the server (every browser gets the same file). */
export const downloadWav = async (song: {
  readonly id: string
  readonly title: string
  readonly audioUrl: string | null
}) => {
  if (!song.audioUrl) {
    toast({
      title: "No Audio Available",
      description: "No audio file available for download",
      variant: "destructive",
    })
    return
  }
  const progress = toast({
    title: "Converting to WAV",
    description: "This can take a few seconds.",
  })
  try {
    const response = await fetch(`/api/songs/${song.id}/wav`, { credentials: "same-origin" })
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: string }
      throw new Error(
        body.message ?? "Failed to convert to WAV. Your browser may not support this feature.",
      )
    }
    save(await response.blob(), `${song.title}.wav`)
    progress.update({
      title: "WAV Download Started",
      description: `${song.title}.wav`,
      variant: "success",
    })
  } catch (error) {
    progress.update({
      title: "Conversion Failed",
      description:
        error instanceof Error && error.message
          ? error.message
          : "Failed to convert to WAV. Your browser may not support this feature.",
      variant: "destructive",
    })
  }
}
