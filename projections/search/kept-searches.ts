import type { SqlClient } from "@effect/sql"
import { Config, Duration, Effect } from "effect"
import { setBounded } from "#toolkit/bounded-map.ts"
import { keptFresh } from "#toolkit/kept-fresh.ts"
import { type PublicHits, rankPublic } from "./ranking.ts"

/**
 * How long what a search finds for everyone is kept before it is looked for again (in the background), in
 * seconds: a question asked as it is typed ("lo", "lov") matches most songs, and ranking them takes the
 * database a good part of a second at 100,000 songs, while the same few short questions come again and
 * again. 0 looks on every search.
 */
export const searchRefreshConfig = Config.integer("SEARCH_REFRESH_SECONDS").pipe(
  Config.withDefault(30),
  Config.validate({
    message: "SEARCH_REFRESH_SECONDS must be 0 or more",
    validation: (n) => n >= 0,
  }),
)

/** The most questions kept; the least recently asked makes room. */
const capacity = 5_000

/**
 * What searches find for everyone, kept per question and limit (see toolkit/kept-fresh.ts): found once
 * for every reader, looked for again in the background once older than `SEARCH_REFRESH_SECONDS`. What
 * is kept names songs and playlists by id; each search reads them as they are then, so one made private
 * since is never shown to others (ranking.ts: `rowsOf`).
 */
export const makeKeptSearches = Effect.gen(function* () {
  const refreshSeconds = yield* searchRefreshConfig
  const context = yield* Effect.context<SqlClient.SqlClient>()
  const rank = (terms: string, limit: number) => Effect.provide(rankPublic(terms, limit), context)
  if (refreshSeconds === 0) return rank
  const kept = new Map<string, Effect.Effect<PublicHits>>()
  return (terms: string, limit: number) =>
    Effect.suspend(() => {
      const key = `${limit} ${terms}`
      const known = kept.get(key)
      if (known !== undefined) {
        setBounded(kept, key, known, capacity)
        return known
      }
      return Effect.flatMap(
        keptFresh(rank(terms, limit), Duration.seconds(refreshSeconds)),
        (made) => {
          // Two first askers may both make one: the one kept last serves from then on.
          setBounded(kept, key, made.get, capacity)
          return made.get
        },
      )
    })
})
