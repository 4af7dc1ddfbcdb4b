import { advanceGeneration } from "./generations.ts"

/** Every background job media runs. */
export const mediaJobs = [advanceGeneration] as const
