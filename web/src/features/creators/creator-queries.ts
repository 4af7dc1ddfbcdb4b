import { queryOptions } from "@tanstack/react-query"
import { apiQuery } from "../../lib/api.ts"
import { readPublic } from "../../lib/public-read.ts"
import { songKeys } from "../../lib/song-cache.ts"
import { creatorKeys } from "./creator-keys.ts"

/** A shared link's first read: without the typed client, which a visitor's first page need not wait for. */
export const creatorQuery = (username: string) =>
  queryOptions({
    queryKey: creatorKeys.one(username),
    queryFn: () => readPublic("creators.creator", { path: { username } }),
  })

/** Their public songs, newest first. */
export const creatorSongsQuery = (username: string) =>
  queryOptions({
    queryKey: songKeys.creator(username),
    queryFn: () => readPublic("creators.creatorSongs", { path: { username } }),
  })

/** Who follows them, or whom they follow: under their page's key, so a follow refreshes both. */
export const peopleQuery = (username: string, kind: "followers" | "following") =>
  apiQuery({
    queryKey: [...creatorKeys.one(username), kind] as const,
    call: (api) => api.creators[kind]({ path: { username } }),
  })
