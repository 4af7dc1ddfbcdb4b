import { Readable } from "node:stream"
import { Position } from "#events/store/index.ts"
import type { Sent } from "./notice-reader.ts"

/** What a page that reads nothing may leave unread before its stream ends (it reconnects and resumes). */
const unreadLimit = 64 * 1024

/** The stream's messages, in the Server-Sent Events format. */
export const eventText = {
  /** The browser reconnects 3 s after the stream drops. */
  retry: "retry: 3000\n\n",
  /** A comment, so proxies keep a quiet stream open. */
  heartbeat: ": still here\n\n",
  /** Too long away: read everything again. */
  reset: "event: reset\ndata: {}\n\n",
  /** A newer page of the same person took this stream's place: do not reconnect, polling stays. */
  replaced: "event: replaced\ndata: {}\n\n",
  notice: (sent: Sent) =>
    `id: ${Position.format(sent.position)}\ndata: ${JSON.stringify(sent.notice)}\n\n`,
}

/** One page's stream, open until it ends, its page goes away, or it stops reading. */
export interface OpenStream {
  readonly userId: string
  readonly sessionId: string
  /** What the response sends, as it is written. */
  readonly body: Readable
  readonly send: (text: string) => void
  /** Sends the notice unless the page had it already (a reconnect may come from a process further on). */
  readonly sendNotice: (sent: Sent) => void
  /** Ends the stream, after `last` if given. */
  readonly end: (last?: string) => void
}

/**
 * A stream as plain Node: writing to it and ending it is a few calls, whatever is open, so that hundreds
 * of pages going at once cost next to nothing to close (an Effect stream per page, with a fiber for its
 * heartbeat and one for its notices, costs milliseconds of CPU to interrupt: 500 pages closing at once held
 * the server for seconds). `gone` is called once, however the stream ends.
 */
export const makeOpenStream = (
  session: { readonly userId: string; readonly sessionId: string },
  after: Position | undefined,
  gone: (stream: OpenStream) => void,
): OpenStream => {
  const body = new Readable({ read: () => undefined })
  let last = after
  let ended = false
  const finish = () => {
    if (ended) return
    ended = true
    gone(stream)
  }
  const send = (text: string) => {
    if (ended) return
    if (body.readableLength > unreadLimit) return void body.destroy()
    body.push(text)
  }
  const stream: OpenStream = {
    ...session,
    body,
    send,
    sendNotice: (sent) => {
      if (last !== undefined && Position.compare(sent.position, last) <= 0) return
      last = sent.position
      send(eventText.notice(sent))
    },
    end: (lastText) => {
      if (ended) return
      if (lastText !== undefined) body.push(lastText)
      body.push(null)
      finish()
    },
  }
  body.once("close", finish)
  return stream
}
