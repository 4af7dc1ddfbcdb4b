import type { NotificationView } from "#projections/notifications/api.ts"

const quoted = (title: string | null | undefined) => `"${title ?? "Untitled"}"`

/** What a notification says, and where it leads. */
export const notificationText = (n: NotificationView): { text: string; to: string } => {
  const actor = n.actor?.username ?? "Someone"
  const song = n.song ? `/song/${n.song.id}` : "/library"
  const kind = n.item?.kind ?? "post"
  // Where its author sees a hidden item, and why.
  const hiddenAt = kind === "playlist" ? `/playlist/${n.item?.id}` : song
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
      return {
        text: `The ${kind} you reported: ${outcomes[n.outcome ?? "dismissed"]}.`,
        to: "/",
      }
    case "hidden":
      return {
        text: `An admin hid your ${kind}: ${n.reason} You may appeal once.`,
        to: hiddenAt,
      }
    case "appeal_decided":
      return {
        text: n.restored
          ? `Your appeal was upheld: your ${kind} is back.`
          : `Your appeal was turned down: ${n.reason}`,
        to: hiddenAt,
      }
    case "suspension_lifted":
      return { text: "Your account's suspension is lifted.", to: "/" }
  }
}

/** What a reporter is told of the outcome, never who decided. */
const outcomes = {
  dismissed: "left up, as it breaks no rule",
  hidden: "hidden",
  "author suspended": "its author's account is suspended",
}
