import { apiQuery } from "../../lib/api.ts"
import { songKeys } from "../../lib/song-cache.ts"

/** How many of the newest songs of the people one follows the Following tab shows. */
export const followingShown = 50

/** The Following tab: the public songs of the people one follows, newest first. */
export const followingSongsQuery = apiQuery({
  queryKey: songKeys.following,
  call: (api) => api.creators.followingSongs({ urlParams: { limit: followingShown, offset: 0 } }),
})
