import { callApi } from "./api.ts"

/**
 * Tells the server a song was heard long enough to count a play (see useAudio); it counts one per
 * listener per half hour. Counting is the listener's to ignore: a refusal is not shown.
 */
export const countPlay = (songId: string) => () =>
  void callApi((api) => api.catalog.play({ path: { id: songId } })).catch(() => undefined)
