import { Effect, Schema } from "effect"
import { CommentPosted } from "#events/contracts/comments.ts"
import { SongGenerationSucceeded } from "#events/contracts/media.ts"
import type { EmailTopic } from "#events/contracts/notifications.ts"
import { decodeAll, type Subscription } from "#events/store/index.ts"
import { AppUrl } from "#toolkit/app-url.ts"
import { escapeHtml } from "#toolkit/escape-html.ts"
import { PersonMail } from "#toolkit/person-mail.ts"
import { EmailSettings } from "./email-settings.ts"

const decode = decodeAll(Schema.Union(SongGenerationSucceeded, CommentPosted))

/** What a mail says: its subject, its paragraphs, and the page it leads to (with its link's words). */
interface Said {
  readonly subject: string
  readonly paragraphs: ReadonlyArray<string>
  readonly link: { readonly url: string; readonly words: string }
}

const topicWords: Record<EmailTopic, string> = {
  song_finished: "when a song of yours is finished",
  replies: "when someone replies to your comments",
}

/**
 * A mail with its one-click unsubscribe (RFC 8058): the List-Unsubscribe address takes a POST without a
 * session; the link in the text opens a page that asks first (a mail scanner follows links, never
 * presses buttons).
 */
export const notificationMail = (said: Said, topic: EmailTopic, appUrl: string, token: string) => {
  const oneClick = `${appUrl}/api/unsubscribe?token=${token}`
  const page = `${appUrl}/unsubscribe?token=${token}`
  const footer = `You get this e-mail ${topicWords[topic]}. Unsubscribe: ${page}`
  return {
    subject: said.subject,
    text: [...said.paragraphs, "", `${said.link.words}: ${said.link.url}`, "", footer].join("\n"),
    html: `<!doctype html><html><body>${said.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}<p><a href="${escapeHtml(said.link.url)}">${escapeHtml(said.link.words)}</a></p><p style="color:#777;font-size:12px">You get this e-mail ${escapeHtml(topicWords[topic])}. <a href="${escapeHtml(page)}">Unsubscribe</a></p></body></html>`,
    headers: {
      "List-Unsubscribe": `<${oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  }
}

/** Who an event is mailed to, about which topic, and what the mail says; undefined for none. */
const mailOf = (event: SongGenerationSucceeded | CommentPosted, appUrl: string) => {
  if (event._tag === "SongGenerationSucceeded") {
    return {
      userId: event.userId,
      topic: "song_finished" as const,
      said: {
        subject: `Your song "${event.title}" is ready`,
        paragraphs: [`"${event.title}" is finished and waiting in your library.`],
        link: { url: `${appUrl}/library`, words: "Listen in your library" },
      },
    }
  }
  const answered = event.parentAuthorId
  if (answered === null || answered === event.authorId) return undefined
  return {
    userId: answered,
    topic: "replies" as const,
    said: {
      subject: "Someone replied to your comment",
      paragraphs: [`A reply to your comment: "${event.text.slice(0, 300)}"`],
      link: { url: `${appUrl}/song/${event.songId}#comments`, words: "Read the conversation" },
    },
  }
}

/**
 * A finished song, and a reply to a person's comment, mailed to them unless they turned that mail off;
 * once per event (the mail is queued in the transaction that moves this reaction's checkpoint).
 */
export const notificationMails: Subscription<PersonMail | AppUrl | EmailSettings> = {
  name: "notifications:mails",
  types: ["SongGenerationSucceeded", "CommentPosted"],
  onPoison: "skip",
  handle: (events) =>
    Effect.gen(function* () {
      const mail = yield* PersonMail
      const appUrl = yield* AppUrl
      const settings = yield* EmailSettings
      for (const { event, eventId } of yield* decode(events)) {
        const mailed = mailOf(event, appUrl)
        if (mailed === undefined) continue
        if (!(yield* settings.choicesOf(mailed.userId))[mailed.topic]) continue
        const token = yield* settings.linkToken(mailed.userId, mailed.topic)
        yield* mail.send(
          mailed.userId,
          notificationMail(mailed.said, mailed.topic, appUrl, token),
          `notification-mail-${eventId}`,
        )
      }
    }),
}

export const notificationReactions = [notificationMails] as const
