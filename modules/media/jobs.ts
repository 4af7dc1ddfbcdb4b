import { advanceGeneration } from "./generations.ts"
import { renderVideo } from "./videos.ts"

/** Every background job media runs. */
export const mediaJobs = [advanceGeneration, renderVideo] as const
