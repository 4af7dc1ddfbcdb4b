import { Config, Context, Effect, FiberRef, Layer } from "effect"
import { type EmailNotVerified, emailNotVerified, type SignedInUser } from "#api/auth.ts"
import type { TooManyRequests } from "#api/refusals.ts"
import { currentClientAddress } from "#events/request-context.ts"
import { type Limit, RateLimiter } from "./rate-limit.ts"

/** Work a request can start that costs the service CPU or an outside maker's money. */
export type HeavyWorkKind =
  | "generation"
  | "stems"
  | "video"
  | "voice"
  | "wav"
  | "cover"
  | "waveform"

/** How much of each kind one person, and one address, may start in a window. */
export type HeavyWorkLimits = Record<
  HeavyWorkKind,
  { readonly user: Limit; readonly address: Limit }
>

const perHour = (name: string, fallback: number) =>
  Config.integer(name).pipe(
    Config.withDefault(fallback),
    Config.validate({ message: `${name} must be 1 or more`, validation: (n) => n >= 1 }),
    Config.map((max): Limit => ({ max, per: "1 hour" })),
  )

const limits = (user: [string, number], address: [string, number]) =>
  Config.all({ user: perHour(...user), address: perHour(...address) })

export const heavyWorkConfig: Config.Config<HeavyWorkLimits> = Config.all({
  generation: limits(["GENERATIONS_PER_HOUR", 30], ["GENERATIONS_PER_ADDRESS", 60]),
  stems: limits(["STEMS_PER_USER", 10], ["STEMS_PER_ADDRESS", 30]),
  video: limits(["VIDEOS_PER_USER", 10], ["VIDEOS_PER_ADDRESS", 30]),
  voice: limits(["VOICES_PER_USER", 10], ["VOICES_PER_ADDRESS", 30]),
  wav: limits(["WAVS_PER_USER", 30], ["WAVS_PER_ADDRESS", 60]),
  cover: limits(["COVER_SIZES_PER_USER", 300], ["COVER_SIZES_PER_ADDRESS", 600]),
  waveform: limits(["WAVEFORMS_PER_USER", 300], ["WAVEFORMS_PER_ADDRESS", 600]),
})

/**
 * Who may start heavy work, and how often: every request that would start some is counted for its person
 * and for its address (behind trusted proxies, the forwarded one), so neither many accounts on one address
 * nor one account on many addresses gets past the limits.
 */
export class HeavyWork extends Context.Tag("@melody/HeavyWork")<
  HeavyWork,
  {
    /** A signed-in person with a verified address, within both limits. */
    readonly admit: (
      kind: HeavyWorkKind,
      user: SignedInUser,
    ) => Effect.Effect<void, EmailNotVerified | TooManyRequests>
    /** Work anyone may start (a cover at a smaller width): within the address's limit, and the person's. */
    readonly admitAnyone: (
      kind: HeavyWorkKind,
      viewer: SignedInUser | undefined,
    ) => Effect.Effect<void, TooManyRequests>
  }
>() {
  static readonly live = Layer.effect(
    HeavyWork,
    Effect.gen(function* () {
      const limiter = yield* RateLimiter
      const config = yield* heavyWorkConfig

      const admitAnyone = (kind: HeavyWorkKind, viewer: SignedInUser | undefined) =>
        Effect.gen(function* () {
          if (viewer) yield* limiter.hit(`work:${kind}:user:${viewer.userId}`, config[kind].user)
          const address = yield* FiberRef.get(currentClientAddress)
          yield* limiter.hit(`work:${kind}:address:${address}`, config[kind].address)
        })

      const admit = (kind: HeavyWorkKind, user: SignedInUser) =>
        user.emailVerified ? admitAnyone(kind, user) : Effect.fail(emailNotVerified)

      return { admit, admitAnyone }
    }),
  )
}
