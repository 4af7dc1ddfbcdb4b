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
  }
}
