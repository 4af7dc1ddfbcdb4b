import { advanceGeneration } from "./generation/generations.ts"
import { makeStems } from "./stems/stems-job.ts"

/** Every background job music runs. */
export const musicJobs = [advanceGeneration, makeStems] as const
