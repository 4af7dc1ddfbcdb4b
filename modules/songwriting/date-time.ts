/** The date and season, for Melody's context (a song about "this summer" should know it is November). */

const northernSeasons = ["winter", "spring", "summer", "autumn"] as const
const southernOf = {
  winter: "summer",
  spring: "autumn",
  summer: "winter",
  autumn: "spring",
} as const

// Written out rather than through Intl, whose wording changes with the ICU version.
const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
]
const pad = (n: number) => String(n).padStart(2, "0")

export const unknownSeason = "Unknown season"
export const dateUnavailable = "Date and time information unavailable"
export const couldNotRetrieve = "Could not retrieve date and time information"

/** Meteorological seasons: December to February is northern winter. */
export const northernSeason = (date: Date) =>
  northernSeasons[Math.floor(((date.getUTCMonth() + 1) % 12) / 3)]!

const hemisphereOf = (hint: string) => {
  const word = hint.trim().toLowerCase()
  if (["north", "northern", "n"].includes(word)) return "northern"
  if (["south", "southern", "s"].includes(word)) return "southern"
  return undefined
}

/**
 * "It is Saturday, 21 November 2026, 08:50 UTC. ..." with the season of the hemisphere the `season` query
 * names (north or south), of both when it names none, and 'Unknown season' when it names something else.
 */
export const describeDateTime = (now: Date, season?: string) => {
  if (Number.isNaN(now.getTime()))
    return { datetime_info: dateUnavailable, error: couldNotRetrieve }
  const date = `${weekdays[now.getUTCDay()]}, ${now.getUTCDate()} ${months[now.getUTCMonth()]} ${now.getUTCFullYear()}, ${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}`
  const north = northernSeason(now)
  const south = southernOf[north]
  let seasons: string
  if (season === undefined || season.trim() === "") {
    seasons = `It is ${north} in the northern hemisphere and ${south} in the southern.`
  } else {
    const hemisphere = hemisphereOf(season)
    seasons =
      hemisphere === undefined
        ? `Season: ${unknownSeason}.`
        : `It is ${hemisphere === "northern" ? north : south} in the ${hemisphere} hemisphere.`
  }
  return { datetime_info: `It is ${date} UTC. ${seasons}` }
}
