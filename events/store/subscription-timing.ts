import { type Duration, Effect } from "effect"

/** How a subscription waits: for events, for leadership, and between steps while events keep arriving. */
export interface SubscriptionTiming {
  /** The longest a caught-up subscription waits without a wake-up. */
  readonly pollInterval: Duration.DurationInput
  /** How often a replica that is not the leader asks again. */
  readonly leaderRetry: Duration.DurationInput
  /**
   * The shortest time from one step's start to the next's while events keep arriving: what arrives
   * meanwhile is read as one batch. Events one by one (a play every millisecond) would otherwise cost
   * every subscription a transaction each, holding the pool's connections from the requests. A step after
   * a quiet spell starts at once.
   */
  readonly pace: Duration.DurationInput
}

export const defaultTiming: SubscriptionTiming = {
  pollInterval: "500 millis",
  leaderRetry: "3 seconds",
  pace: "25 millis",
}

/** Waits `millis` of real time: a subscription's pace is not the domain's clock (see wakeups.ts). */
export const pause = (millis: number) =>
  Effect.async<void>((resume) => {
    const timer = setTimeout(() => resume(Effect.void), millis)
    return Effect.sync(() => clearTimeout(timer))
  })
