/** The spec's texts for a video export that did not work out (toast title 'Export failed'). */
export const exportFailedTitle = "Export failed"

export { videoTimedOutMessage as timedOutMessage } from "#modules/videos/api-video-formats.ts"

export const failedMessage = (message: string) => `Failed to generate video: ${message}`
