import type { Readable } from "node:stream"
import { Context, type Duration, Effect, Layer } from "effect"
import type { Position } from "#events/store/index.ts"
import { LiveStreamsFull } from "./api.ts"
import { LiveSessions } from "./live-sessions.ts"
import { makeNoticeReader } from "./notice-reader.ts"
import { eventText, makeOpenStream, type OpenStream } from "./open-stream.ts"

/**
 * A person's streams at once: one per tab, as many as a browser keeps connections to one site over
 * HTTP/1.1. A newer one takes the oldest's place, which is told not to come back: a tab that went away
 * without closing its connection (a laptop put to sleep) is never what keeps a page of theirs out.
 */
const perPerson = 6

const heartbeatEvery: Duration.DurationInput = "15 seconds"
/** How often the open streams' sessions are looked at, for the ones that ran out. */
const sessionCheckEvery: Duration.DurationInput = "5 seconds"

const full = new LiveStreamsFull({
  message:
    "This server holds as many live updates as it can. The page still updates, a little later.",
})

/** Whose stream it is: the person and the session it was opened with. */
export interface LiveSession {
  readonly userId: string
  readonly sessionId: string
}

/**
 * The live streams open in this process (http.ts sends them): each person's notices from the one reader
 * of the log (notice-reader.ts) and a heartbeat, at most `perPerson` per person and `limit` in all
 * (LIVE_STREAMS_PER_PROCESS: each costs a connection and some memory). A stream holds no database
 * connection while it waits. It ends when its session does: at once on a sign-out or a password reset
 * recorded by any process, and within `sessionCheckEvery` when it runs out, both read from where
 * sessions are kept.
 */
export class LiveStreams extends Context.Tag("@melody/projections/LiveStreams")<
  LiveStreams,
  {
    /**
     * A stream for a page of this session, with the person's notices after `after` first when they are
     * still kept; refused when the process holds as many as it may.
     */
    readonly open: (
      session: LiveSession,
      after: Position | undefined,
    ) => Effect.Effect<Readable, LiveStreamsFull>
  }
>() {
  static readonly layer = (limit: number) =>
    Layer.scoped(
      LiveStreams,
      Effect.gen(function* () {
        const sessions = yield* LiveSessions
        const byPerson = new Map<string, Array<OpenStream>>()
        let count = 0

        const forget = (stream: OpenStream) => {
          const theirs = byPerson.get(stream.userId) ?? []
          const index = theirs.indexOf(stream)
          if (index < 0) return
          theirs.splice(index, 1)
          count -= 1
          if (theirs.length === 0) byPerson.delete(stream.userId)
        }
        const everyStream = () => [...byPerson.values()].flat()

        /** Ends the streams whose session is no longer signed in. */
        const endSignedOut = (streams: ReadonlyArray<OpenStream>) =>
          Effect.gen(function* () {
            if (streams.length === 0) return
            const open = yield* sessions.stillOpen([...new Set(streams.map((s) => s.sessionId))])
            for (const stream of streams) if (!open.has(stream.sessionId)) stream.end()
          }).pipe(
            Effect.catchAllCause((cause) =>
              Effect.logWarning("Could not look at the live streams' sessions", cause),
            ),
          )

        const reader = yield* makeNoticeReader({
          notice: (sent) => {
            for (const stream of byPerson.get(sent.userId) ?? []) stream.sendNotice(sent)
          },
          sessionsEnded: (userId) => endSignedOut([...(byPerson.get(userId) ?? [])]),
        })

        const every = (interval: Duration.DurationInput, effect: Effect.Effect<void>) =>
          Effect.sleep(interval).pipe(Effect.zipRight(effect), Effect.forever, Effect.forkScoped)
        yield* every(
          heartbeatEvery,
          Effect.sync(() => {
            for (const stream of everyStream()) stream.send(eventText.heartbeat)
          }),
        )
        yield* every(
          sessionCheckEvery,
          Effect.suspend(() => endSignedOut(everyStream())),
        )
        // The server stops: its pages reconnect to another process, resuming where they were.
        yield* Effect.addFinalizer(() =>
          Effect.sync(() => {
            for (const stream of everyStream()) stream.end()
          }),
        )

        const open = (session: LiveSession, after: Position | undefined) =>
          Effect.zipRight(
            reader.start,
            // In one go, as the reader delivers: no notice falls between those kept and the new stream.
            Effect.suspend(() => {
              const theirs = byPerson.get(session.userId) ?? []
              if (theirs.length >= perPerson) theirs[0]!.end(eventText.replaced)
              if (count >= limit) return Effect.fail(full)
              const missed = reader.missed(session.userId, after)
              const stream = makeOpenStream(session, after, forget)
              stream.send(eventText.retry)
              if (missed === null) stream.send(eventText.reset)
              else for (const sent of missed) stream.sendNotice(sent)
              const list = byPerson.get(session.userId)
              if (list === undefined) byPerson.set(session.userId, [stream])
              else list.push(stream)
              count += 1
              return Effect.succeed(stream.body)
            }),
          )

        return { open }
      }),
    )
}
