import { renderVideo } from "./videos.ts"

/** Every background job videos run. */
export const videosJobs = [renderVideo] as const
