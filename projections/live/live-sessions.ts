import { Context, type Effect } from "effect"

/**
 * Which sessions are still signed in, read where sessions are kept: a sign-out, a password reset or a
 * session running out in any process shows at once. Identity answers it; app/ wires it in.
 */
export class LiveSessions extends Context.Tag("@melody/projections/LiveSessions")<
  LiveSessions,
  {
    readonly stillOpen: (sessionIds: ReadonlyArray<string>) => Effect.Effect<ReadonlySet<string>>
  }
>() {}
