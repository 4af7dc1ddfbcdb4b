import { Config } from "effect"
import type { Limit } from "#toolkit/rate-limit.ts"

/**
 * The catalog's settings. Plays one address may report in ten minutes: far more than one person listens
 * to (twenty 30-second plays), room for a household or an office behind one address, a ceiling for a
 * script.
 */
export const catalogConfig = Config.all({
  playsPerAddress: Config.map(
    Config.integer("PLAYS_PER_ADDRESS").pipe(Config.withDefault(300)),
    (max): Limit => ({ max, per: "10 minutes" }),
  ),
})
