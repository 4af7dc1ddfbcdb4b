import { advanceGeneration } from "./generation/generations.ts"
import { renderVideo } from "./video-export/videos.ts"

/** Every background job media runs. */
export const mediaJobs = [advanceGeneration, renderVideo] as const
