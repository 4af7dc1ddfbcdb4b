import { Context, Effect, Layer } from "effect"
import { v7 as uuidv7 } from "uuid"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { NotFound, type TooManyRequests } from "#api/refusals.ts"
import type { Writes } from "#events/handle-command.ts"
import { RateLimiter } from "#toolkit/rate-limit.ts"
import { AlreadyReported, OwnItem, ReportFiledAnswer, type ReportPayload } from "./api.ts"
import { runCase } from "./case-commands.ts"
import { makeItemAuthors } from "./item-authors.ts"

/** How many reports one person files: enough for a bad evening, not for a campaign. */
export const reportsPerPerson = { max: 20, per: "1 hour" } as const

/** Reports filed by people, each of a public thing someone else made. */
export class Reports extends Context.Tag("@melody/moderation/Reports")<
  Reports,
  {
    readonly file: (
      user: SignedInUser,
      payload: typeof ReportPayload.Type,
    ) => Writes<ReportFiledAnswer, NotFound | OwnItem | AlreadyReported | TooManyRequests>
  }
>() {
  static readonly live = Layer.effect(
    Reports,
    Effect.gen(function* () {
      const authorOf = yield* makeItemAuthors
      const limiter = yield* RateLimiter

      const file = Effect.fn("Reports.file")(function* (
        user: SignedInUser,
        payload: typeof ReportPayload.Type,
      ) {
        const { kind, id } = payload
        const authored = yield* authorOf(kind, id)
        if (authored === undefined) {
          return yield* new NotFound({ message: `This ${kind} does not exist, or it is private.` })
        }
        if (authored.authorId === user.userId) {
          return yield* new OwnItem({
            message: kind === "creator" ? "You cannot report yourself." : `This ${kind} is yours.`,
          })
        }
        yield* limiter.hit(`reports:${user.userId}`, reportsPerPerson)
        const reportId = uuidv7()
        yield* runCase(
          kind,
          id,
          {
            _tag: "FileReport",
            reportId,
            reporterId: user.userId,
            kind,
            itemId: id,
            authorId: authored.authorId,
            reason: payload.reason,
            details: payload.details,
            seen: authored.seen,
            ...(authored.songId === undefined ? {} : { songId: authored.songId }),
          },
          actorOf(user),
        ).pipe(
          // Filing is all a case takes before a decision: its other refusals cannot come of it.
          Effect.catchAll((refused) =>
            refused._tag === "ReportOpen"
              ? Effect.fail(
                  new AlreadyReported({
                    message: `You have already reported this ${kind}; an admin will look at it.`,
                  }),
                )
              : Effect.die(refused),
          ),
        )
        return new ReportFiledAnswer({
          id: reportId,
          message: "Thank you. An admin will look at it, and you will be told what they decide.",
        })
      })

      return Reports.of({ file })
    }),
  )
}
