/** To the second: admins line events up by time. */
export const formatTime = (date: Date) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" }).format(date)

export const formatJson = (value: unknown) => JSON.stringify(value, null, 2)

export const formatLag = (ms: number) =>
  ms < 1000
    ? `${Math.round(ms)} ms`
    : ms < 60_000
      ? `${(ms / 1000).toFixed(1)} s`
      : `${Math.round(ms / 60_000)} min`

/** "+150", "-5": credits coming and going. */
export const signed = (credits: number) => (credits > 0 ? `+${credits}` : String(credits))

const summaryKeys = [
  "title",
  "style",
  "taskId",
  "songId",
  "status",
  "reason",
  "plan",
  "pack",
  "credits",
  "ticket",
  "requestedBy",
  "approvedBy",
  "rejectedBy",
  "format",
]

/** An activity's details in one line: the keys admins look for first, in that order. */
export const detailsSummary = (details: Record<string, unknown>) =>
  summaryKeys
    .filter((key) => details[key] !== undefined && details[key] !== null && details[key] !== "")
    .map((key) => `${key}: ${String(details[key])}`)
    .join(" · ")

/** Who caused a stored event, from its metadata's actor ({ _tag: "User", userId } and the like). */
export const actorOf = (metadata: unknown) => {
  const actor = (metadata as { actor?: { _tag?: string; userId?: string; process?: string } })
    ?.actor
  switch (actor?._tag) {
    case "User":
      return `user ${actor.userId}`
    case "Admin":
      return `admin ${actor.userId}`
    case "System":
      return `system (${actor.process})`
    case "Anonymous":
      return "anonymous"
    default:
      return "unknown"
  }
}
