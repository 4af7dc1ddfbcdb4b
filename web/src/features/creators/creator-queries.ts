import { apiQuery } from "../../lib/api.ts"
import { songKeys } from "../../lib/song-cache.ts"

/** Creators' pages, by username in lower case (a username is one person whatever its letters). */
export const creatorKeys = {
  one: (username: string) => ["creators", username.toLowerCase()] as const,
}

export const creatorQuery = (username: string) =>
  apiQuery({
    queryKey: creatorKeys.one(username),
    call: (api) => api.creators.creator({ path: { username } }),
  })

/** Their public songs, newest first. */
export const creatorSongsQuery = (username: string) =>
  apiQuery({
    queryKey: songKeys.creator(username),
    call: (api) => api.creators.creatorSongs({ path: { username } }),
  })

/** Who follows them, or whom they follow: under their page's key, so a follow refreshes both. */
export const peopleQuery = (username: string, kind: "followers" | "following") =>
  apiQuery({
    queryKey: [...creatorKeys.one(username), kind] as const,
    call: (api) => api.creators[kind]({ path: { username } }),
  })
