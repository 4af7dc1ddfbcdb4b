import { queryOptions } from "@tanstack/react-query"
import { callApi } from "../../lib/api.ts"

export const voiceKeys = { mine: ["voices", "mine"] as const }

/** The voices I kept: offered when a song is made, listed on the Voices page. */
export const myVoicesQuery = queryOptions({
  queryKey: voiceKeys.mine,
  queryFn: () => callApi((api) => api.voices.list()),
})

/** How a voice sings, in words: "Female voice, sung". */
export const singerWords = (singer: { readonly gender: string; readonly delivery: string }) =>
  `${singer.gender === "female" ? "Female" : "Male"} voice, ${singer.delivery === "rap" ? "rapped" : "sung"}`
