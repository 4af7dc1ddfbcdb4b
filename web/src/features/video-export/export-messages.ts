/** The spec's texts for a video export that did not work out (toast title 'Export failed'). */
export const exportFailedTitle = "Export failed"

export const timedOutMessage =
  "Video generation timed out. The process may still be running on the server. Please try again with a shorter song or wait a few minutes."

export const failedMessage = (message: string) => `Failed to generate video: ${message}`

/** Spec section 9: the wait is max(300 s, 3 x the song); a song of unknown length counts as 30 s. */
export const exportTimeoutMs = (durationSeconds: number) =>
  Math.max(300_000, (durationSeconds || 30) * 1000 * 3)
