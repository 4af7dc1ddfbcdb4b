const ago = new Intl.RelativeTimeFormat("en", { numeric: "auto" })

const steps: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
]

/** When something was posted, as people say it: "3 minutes ago", "yesterday", "just now". */
export const postedAgo = (at: Date, now = Date.now()) => {
  const seconds = Math.round((at.getTime() - now) / 1000)
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return ago.format(Math.round(seconds / size), unit)
  }
  return "just now"
}
