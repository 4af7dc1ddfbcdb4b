import { Clock, Context, Deferred, Effect, FiberId, Layer } from "effect"
import type { SignedInUser } from "#api/auth.ts"
import { setBounded } from "#toolkit/bounded-map.ts"
import type { Session } from "./sessions.ts"
import { tokenHash } from "./tokens.ts"

/** Who holds a session, as authenticating a request finds it. */
export interface Holder {
  readonly user: SignedInUser
  readonly session: Session
}

/** Reads a session's holder from the session table and the account; undefined once the session ended. */
export type HolderRead = Effect.Effect<Holder | undefined>

/** How long a session's holder is taken as known after the read that found it began. */
const rememberedFor = 1_000

/** A session used when its holder was read this long ago is read again in the background. */
const readAgainAfter = 500

const capacity = 10_000

interface Remembered {
  /** As read; `renewed` until a request has sent the cookie again. */
  readonly holder: Holder
  readonly readAt: number
  readonly until: number
  readonly read: HolderRead
  readingAgain: boolean
}

/**
 * The holders of sessions used in the last second, so that the requests a page makes at once (the API,
 * covers, audio ranges, its live streams) read the session table and the account's stream once between
 * them, not each: requests that come while the first read is under way wait for it. A session still in
 * use is read again in the background before its second is up, so people who keep using the app do not
 * wait for that read every second, all their requests at once.
 *
 * Whatever is remembered was read at most `rememberedFor` ago: a change made by another server process
 * applies here within that. This process forgets a session the moment it ends one (sign-out, sign-in over
 * it) and every session of an account whose state it changes (verification, administrator, password
 * reset), so its own changes apply at once. Sessions are kept by the hash of their id, as the session table
 * keeps them; unknown ids are not remembered.
 */
export class RecentSessions extends Context.Tag("@melody/identity/RecentSessions")<
  RecentSessions,
  {
    readonly lookup: (sessionId: string, read: HolderRead) => Effect.Effect<Holder | undefined>
    /**
     * The holder remembered for this session, without waiting for any read; undefined also while a
     * request still has to send the session's cookie again (it slid forward in a background read).
     */
    readonly known: (sessionId: string) => Effect.Effect<Holder | undefined>
    readonly forgetSession: (sessionId: string) => Effect.Effect<void>
    readonly forgetUser: (userId: string) => Effect.Effect<void>
  }
>() {
  static readonly live = Layer.sync(RecentSessions, () => {
    const remembered = new Map<string, Remembered>()
    // The first reads under way, by session: a page opening hundreds of requests at once reads once.
    const reading = new Map<string, Deferred.Deferred<Holder | undefined>>()
    // Moves on with every forget: a read that began before one may have seen what was forgotten.
    let forgets = 0

    const remember = (key: string, holder: Holder, read: HolderRead, readAt: number) => {
      const until = Math.min(readAt + rememberedFor, holder.session.expires.getTime())
      setBounded(remembered, key, { holder, readAt, until, read, readingAgain: false }, capacity)
    }

    const current = (key: string, now: number) => {
      const entry = remembered.get(key)
      if (entry === undefined || entry.until > now) return entry
      remembered.delete(key)
      return undefined
    }

    /** Reads the session again in the background when the entry is old enough and nobody does yet. */
    const readAgainIfDue = (key: string, entry: Remembered, now: number) => {
      if (entry.readingAgain || now - entry.readAt < readAgainAfter) return Effect.void
      entry.readingAgain = true
      return Effect.forkDaemon(
        entry.read.pipe(
          Effect.tap((holder) => {
            // Forgotten (a forget removes the entry), or replaced by a newer read, meanwhile.
            if (remembered.get(key) !== entry) return
            if (holder === undefined) remembered.delete(key)
            else remember(key, holder, entry.read, now)
          }),
          // A failed read leaves the entry to run out; the next request reads the session itself.
          Effect.catchAllCause(() => Effect.void),
          Effect.ensuring(Effect.sync(() => (entry.readingAgain = false))),
        ),
      )
    }

    const known = (sessionId: string) =>
      Effect.flatMap(Clock.currentTimeMillis, (now): Effect.Effect<Holder | undefined> => {
        const key = tokenHash(sessionId)
        const entry = current(key, now)
        if (entry === undefined || entry.holder.session.renewed) return Effect.succeed(undefined)
        return Effect.as(readAgainIfDue(key, entry, now), entry.holder)
      })

    const lookup = (sessionId: string, read: HolderRead) =>
      Effect.flatMap(Clock.currentTimeMillis, (now): Effect.Effect<Holder | undefined> => {
        const key = tokenHash(sessionId)
        const entry = current(key, now)
        if (entry !== undefined) {
          const { holder } = entry
          if (holder.session.renewed) {
            // This request sends the cookie again; the others need not.
            remembered.set(key, { ...entry, holder: notRenewed(holder), readingAgain: false })
            return Effect.succeed(holder)
          }
          return Effect.as(readAgainIfDue(key, entry, now), holder)
        }
        const underWay = reading.get(key)
        // Whoever asked first sends the cookie again if the read slid the session forward.
        if (underWay !== undefined)
          return Effect.map(Deferred.await(underWay), (holder) => holder && notRenewed(holder))
        const done = Deferred.unsafeMake<Holder | undefined>(FiberId.none)
        reading.set(key, done)
        const forgetsBefore = forgets
        // Read to its end even when the request that began it goes away: others wait for it.
        return read.pipe(
          Effect.tap((holder) => {
            if (holder === undefined || forgets !== forgetsBefore) return
            remember(key, notRenewed(holder), read, now)
          }),
          Effect.onExit((exit) =>
            Effect.zipRight(
              Effect.sync(() => reading.get(key) === done && reading.delete(key)),
              Deferred.done(done, exit),
            ),
          ),
          Effect.uninterruptible,
        )
      })

    // A read under way may have seen what is forgotten: later lookups read again rather than wait for it.
    const forgetSession = (sessionId: string) =>
      Effect.sync(() => {
        forgets++
        remembered.delete(tokenHash(sessionId))
        reading.delete(tokenHash(sessionId))
      })

    const forgetUser = (userId: string) =>
      Effect.sync(() => {
        forgets++
        reading.clear()
        for (const [key, { holder }] of remembered) {
          if (holder.user.userId === userId) remembered.delete(key)
        }
      })

    return { lookup, known, forgetSession, forgetUser }
  })
}

const notRenewed = (holder: Holder): Holder =>
  holder.session.renewed ? { ...holder, session: { ...holder.session, renewed: false } } : holder
