import { downloadAttempts, downloadRetryDelay } from "../../lib/download.ts"
import { toast } from "../../lib/toast/toast-store.ts"

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const finalFailure =
  "Could not download song after multiple attempts. Please try again in a few seconds."

/** Each step of a download, as the toast and the dialog say it. */
export type DownloadStep = { readonly text: string; readonly failed?: boolean }

/**
 * A version's final MP3, saved as '{title}.mp3' (the server names the attachment the same way): up to
 * three attempts 1.5 s apart, each step told in a toast and to `report`. The generated-songs dialog is
 * modal, so it repeats the step inside itself, where screen readers are while it is open.
 */
export const downloadVersion = async (
  audioUrl: string,
  title: string,
  report: (step: DownloadStep) => void,
) => {
  const progress = toast({ title: "Preparing download..." })
  report({ text: "Preparing download..." })
  for (let attempt = 1; attempt <= downloadAttempts; attempt++) {
    try {
      if (attempt > 1) {
        const text = `Retrying download - Attempt ${attempt} of ${downloadAttempts}...`
        progress.update({ title: text })
        report({ text })
      }
      const response = await fetch(`${audioUrl}?download=1`, { credentials: "same-origin" })
      if (!response.ok) throw new Error("Failed to fetch audio file")
      const url = URL.createObjectURL(await response.blob())
      const link = document.createElement("a")
      link.href = url
      link.download = `${title}.mp3`
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 60_000)
      progress.update({ title: "Download started!", variant: "success" })
      report({ text: "Download started!" })
      return
    } catch {
      if (attempt < downloadAttempts) await sleep(downloadRetryDelay)
    }
  }
  progress.update({ title: "Download failed", description: finalFailure, variant: "destructive" })
  report({ text: `Download failed. ${finalFailure}`, failed: true })
}
