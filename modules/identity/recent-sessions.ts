import { Context, Effect, Layer } from "effect"
import type { SignedInUser } from "#events/contracts/auth.ts"
import type { Session } from "./sessions.ts"
import { tokenHash } from "./tokens.ts"

/** Who holds a session, as authenticating a request finds it. */
export interface Holder {
  readonly user: SignedInUser
  readonly session: Session
}

/** How long a session's holder is taken as known before the session and the account are read again. */
const rememberedFor = 1_000

const capacity = 10_000

interface Remembered {
  readonly holder: Holder
  readonly until: number
}

/**
 * The holders of sessions used in the last second, so that the requests a page makes at once (the API,
 * covers, audio ranges) read the session table and the account's stream once between them, not each.
 *
 * This process forgets a session the moment it ends one (sign-out, sign-in over it) and every session of
 * an account whose state it changes (verification, administrator, password reset), so its own changes
 * apply at once. A change made by another server process applies here within `rememberedFor`. Sessions
 * are kept by the hash of their id, as the session table keeps them; unknown ids are not remembered.
 */
export class RecentSessions extends Context.Tag("@melody/identity/RecentSessions")<
  RecentSessions,
  {
    readonly lookup: <E, R>(
      sessionId: string,
      read: Effect.Effect<Holder | undefined, E, R>,
    ) => Effect.Effect<Holder | undefined, E, R>
    readonly forgetSession: (sessionId: string) => Effect.Effect<void>
    readonly forgetUser: (userId: string) => Effect.Effect<void>
  }
>() {
  static readonly live = Layer.sync(RecentSessions, () => {
    const remembered = new Map<string, Remembered>()
    // Moves on with every forget: a read that began before one may have seen what was forgotten.
    let forgets = 0

    const lookup = <E, R>(sessionId: string, read: Effect.Effect<Holder | undefined, E, R>) =>
      Effect.suspend(() => {
        const key = tokenHash(sessionId)
        const now = Date.now()
        const known = remembered.get(key)
        if (known !== undefined && known.until > now) {
          return Effect.succeed<Holder>({
            user: known.holder.user,
            session: { ...known.holder.session, renewed: false },
          })
        }
        remembered.delete(key)
        const forgetsBefore = forgets
        return Effect.tap(read, (holder) => {
          if (holder === undefined || forgets !== forgetsBefore) return
          const until = Math.min(now + rememberedFor, holder.session.expires.getTime())
          // The oldest makes room (a Map keeps the order entries were put in).
          if (remembered.size >= capacity) remembered.delete(remembered.keys().next().value!)
          remembered.set(key, { holder, until })
        })
      })

    const forgetSession = (sessionId: string) =>
      Effect.sync(() => {
        forgets++
        remembered.delete(tokenHash(sessionId))
      })

    const forgetUser = (userId: string) =>
      Effect.sync(() => {
        forgets++
        for (const [key, { holder }] of remembered) {
          if (holder.user.userId === userId) remembered.delete(key)
        }
      })

    return { lookup, forgetSession, forgetUser }
  })
}
