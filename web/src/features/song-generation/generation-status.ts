import { shortOfCreditsMessage } from "#modules/billing/api-credit-refusals.ts"
import { songCost } from "#modules/billing/api-prices.ts"
import type { GeneratedSong, GenerationPhase, SongStatus } from "#modules/music/api.ts"

/** Spec section 9: how often a running generation is asked about. */
export const statusPollInterval = 8000

/** A provider makes two versions of every song, and so does our own engine. */
export const expectedVersions = 2

/** Where a generation is, as the server decided it: the dialog shows it as it is. */
export type Phase = GenerationPhase

/** Success and failure end the polling; everything else is asked about again (spec section 4). */
export const isFinal = (status: Pick<SongStatus, "phase">): boolean =>
  status.phase === "done" || status.phase === "failed"

/** The status in words, while and after the song is made. */
export const phaseText: Record<Phase, { readonly headline: string; readonly detail: string }> = {
  arranging: {
    headline: "Writing the arrangement...",
    detail: "Melody is setting your lyrics to music. The first version usually follows shortly.",
  },
  previewing: {
    headline: "The first version is ready to preview...",
    detail: "Listen while the final versions are mixed. Downloads open when they are done.",
  },
  done: {
    headline: "Your song is ready!",
    detail: "Both versions are saved to My Songs as private songs. Share them from there.",
  },
  failed: {
    headline: "Song generation failed",
    detail: "",
  },
}

/** What a failed generation says (spec section 8), with the refund when there was one. */
export const failureText = (status: Pick<SongStatus, "error" | "creditRefund">) => ({
  reason: status.error || "Failed to generate songs",
  refund: status.creditRefund?.refunded
    ? `Your ${status.creditRefund.amount} credits have been automatically refunded.`
    : null,
})

/** A version's title in the library and its download: 'Title (Version N)'. */
export const versionTitle = (title: string, index: number) => `${title} (Version ${index})`

/** The final MP3, or nothing while only the preview stream exists. */
export const finalAudioOf = (song: GeneratedSong): string => song.audioUrl

/** What the player plays: the final audio when there is one, the stream preview until then. */
export const playableAudioOf = (song: GeneratedSong): string =>
  finalAudioOf(song) || song.streamAudioUrl

export type SongField = "lyrics" | "title" | "style"

/** The spec's client-side check before generating: trimmed lyrics, title and style, none empty. */
export const missingFields = (song: {
  readonly title: string
  readonly style: string
  readonly lyrics: string
  /** An instrumental needs no lyrics. */
  readonly instrumental?: boolean
}): ReadonlyArray<SongField> =>
  (["lyrics", "title", "style"] as const).filter(
    (field) => song[field].trim() === "" && !(field === "lyrics" && song.instrumental),
  )

/** Spec section 5: what the banner and the refusal say below the song's cost; below zero, what is owed. */
export const insufficientCreditsMessage = (balance: number) =>
  shortOfCreditsMessage(balance, songCost, "generation")
