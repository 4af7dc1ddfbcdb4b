import { advanceGeneration } from "./generation/generations.ts"
import { makeStems } from "./stems/stems-job.ts"
import { renderVideo } from "./video-export/videos.ts"

/** Every background job media runs. */
export const mediaJobs = [advanceGeneration, renderVideo, makeStems] as const
