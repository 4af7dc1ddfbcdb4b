import type { NotificationView } from "#projections/notifications/api.ts"

const quoted = (title: string | null | undefined) => `"${title ?? "Untitled"}"`

/** What a notification says, and where it leads. */
export const notificationText = (n: NotificationView): { text: string; to: string } => {
  const actor = n.actor?.username ?? "Someone"
  const song = n.song ? `/song/${n.song.id}` : "/library"
  switch (n.kind) {
    case "song_ready":
      return { text: `Your song ${quoted(n.title)} is ready.`, to: "/library" }
    case "song_failed":
      return {
        text: `A song could not be made: ${n.reason ?? "it failed"} ${n.credits ?? 0} credits were refunded.`,
        to: "/library",
      }
    case "follower":
      return { text: `${actor} followed you.`, to: `/u/${encodeURIComponent(actor)}` }
    case "comment":
      return { text: `${actor} commented on ${quoted(n.song?.title)}.`, to: `${song}#comments` }
    case "reply":
      return {
        text: `${actor} replied to your comment on ${quoted(n.song?.title)}.`,
        to: `${song}#comments`,
      }
    case "likes":
      return {
        text: `${quoted(n.song?.title)} reached ${(n.likes ?? 0).toLocaleString("en")} likes.`,
        to: song,
      }
    case "report_decided":
      return { text: reportOutcome(n), to: "/" }
    case "hidden":
      return {
        text: `An admin hid your ${n.item?.kind ?? "post"}: ${n.reason ?? ""} You may appeal once.`,
        to: itemPlace(n),
      }
    case "appeal_decided":
      return {
        text: n.restored
          ? `Your appeal was upheld: your ${n.item?.kind ?? "post"} is back.`
          : `Your appeal was turned down: ${n.reason ?? ""}`,
        to: itemPlace(n),
      }
    case "suspension_lifted":
      return { text: "Your account's suspension is lifted.", to: "/" }
  }
}

/** What a reporter is told: the outcome, never who decided. */
const reportOutcome = (n: NotificationView) => {
  const what = `The ${n.item?.kind ?? "item"} you reported`
  switch (n.outcome) {
    case "hidden":
      return `${what} is hidden. Thank you for reporting it.`
    case "author suspended":
      return `${what} broke the rules: its author's account is suspended. Thank you for reporting it.`
    default:
      return `An admin looked at the ${n.item?.kind ?? "item"} you reported and left it up: it does not break the rules.`
  }
}

/** Where its author sees a hidden item, and why. */
const itemPlace = (n: NotificationView) => {
  if (n.item?.kind === "playlist") return `/playlist/${n.item.id}`
  return n.song ? `/song/${n.song.id}${n.item?.kind === "comment" ? "#comments" : ""}` : "/library"
}
