import { Context, Effect, Layer } from "effect"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { CaseEvent, moderationStreams, type ReportedKind } from "#events/contracts/moderation.ts"
import { loadAggregate } from "#events/decider.ts"
import type { Writes } from "#events/handle-command.ts"
import {
  type AppealDecisionPayload,
  type AppealPayload,
  BadDecision,
  CaseConflict,
  Decided,
  type DecisionPayload,
  NotForThisAdmin,
} from "./api-decisions.ts"
import type { CaseRefusal } from "./case.ts"
import { moderationCase } from "./case.ts"
import { runCase } from "./case-commands.ts"
import { Suspensions } from "./suspensions.ts"

/** How each refusal of a case reads to whoever asked. */
const answer = (kind: ReportedKind) => (refused: CaseRefusal) => {
  switch (refused._tag) {
    case "ReportOpen":
      return new CaseConflict({ message: `This ${kind} has a report of yours open already.` })
    case "NothingToDecide":
      return new CaseConflict({
        message:
          refused.outcome === "hidden"
            ? `This ${kind} is hidden already.`
            : `This ${kind} has no open reports to decide.`,
      })
    case "NotHidden":
    case "NotTheAuthor":
      return new NotFound({ message: `No hidden ${kind} of yours has this id.` })
    case "AppealTaken":
      return new CaseConflict({
        message: refused.open
          ? "You have appealed already: another admin will decide it, and you will be told."
          : "Your appeal was decided already: a hiding is appealed once.",
      })
    case "NoOpenAppeal":
      return new CaseConflict({ message: `This ${kind} has no open appeal.` })
    case "OwnHiding":
      return new NotForThisAdmin({
        message: "You hid this item: another admin decides its appeal.",
      })
  }
}

type Payload<S extends { readonly Type: unknown }> = S["Type"]

/** Admins' decisions on reported items and on appeals, and authors' appeals. */
export class Decisions extends Context.Tag("@melody/moderation/Decisions")<
  Decisions,
  {
    readonly decide: (
      admin: SignedInUser,
      payload: Payload<typeof DecisionPayload>,
    ) => Writes<Decided, NotFound | CaseConflict | NotForThisAdmin | BadDecision>
    readonly appeal: (
      author: SignedInUser,
      payload: Payload<typeof AppealPayload>,
    ) => Writes<Decided, NotFound | CaseConflict | NotForThisAdmin>
    readonly decideAppeal: (
      admin: SignedInUser,
      payload: Payload<typeof AppealDecisionPayload>,
    ) => Writes<Decided, NotFound | CaseConflict | NotForThisAdmin>
  }
>() {
  static readonly live = Layer.effect(
    Decisions,
    Effect.gen(function* () {
      const suspensions = yield* Suspensions

      const authorOfCase = (kind: ReportedKind, itemId: string) =>
        loadAggregate({
          decider: moderationCase,
          events: CaseEvent,
          streamId: moderationStreams.case(kind, itemId),
        }).pipe(
          Effect.orDie,
          Effect.map((loaded) => loaded.state.authorId),
        )

      const decide = Effect.fn("Decisions.decide")(function* (
        admin: SignedInUser,
        { kind, id, outcome, reason, until }: Payload<typeof DecisionPayload>,
      ) {
        if (kind === "creator" && outcome === "hidden") {
          return yield* new BadDecision({
            message: "A creator is not hidden: suspend the account, or hide what they made.",
          })
        }
        const authorId = yield* authorOfCase(kind, id)
        if (authorId === undefined) {
          return yield* new NotFound({ message: `Nobody has reported this ${kind}.` })
        }
        if (outcome === "author suspended") {
          yield* suspensions.suspend(
            admin,
            { userId: authorId, reason, until },
            { alreadyFine: true },
          )
        }
        const [decided] = yield* runCase(
          kind,
          id,
          { _tag: "Decide", kind, itemId: id, adminId: admin.userId, outcome, reason },
          actorOf(admin),
        ).pipe(Effect.mapError(answer(kind)))
        const closed = decided?._tag === "ReportsDecided" ? decided.reports.length : 0
        const reports = `${closed} report${closed === 1 ? "" : "s"} closed`
        return new Decided({
          message:
            outcome === "dismissed"
              ? `Dismissed: ${reports}.`
              : outcome === "hidden"
                ? `Hidden from everyone but its author, who is told why: ${reports}.`
                : `The author is suspended: ${reports}.`,
        })
      })

      const appeal = Effect.fn("Decisions.appeal")(function* (
        author: SignedInUser,
        { kind, id, text }: Payload<typeof AppealPayload>,
      ) {
        yield* runCase(
          kind,
          id,
          { _tag: "Appeal", kind, itemId: id, authorId: author.userId, text },
          actorOf(author),
        ).pipe(Effect.mapError(answer(kind)))
        return new Decided({
          message: "Your appeal is sent. Another admin will decide it, and you will be told.",
        })
      })

      const decideAppeal = Effect.fn("Decisions.decideAppeal")(function* (
        admin: SignedInUser,
        { kind, id, restored, reason }: Payload<typeof AppealDecisionPayload>,
      ) {
        yield* runCase(
          kind,
          id,
          { _tag: "DecideAppeal", kind, itemId: id, adminId: admin.userId, restored, reason },
          actorOf(admin),
        ).pipe(Effect.mapError(answer(kind)))
        return new Decided({
          message: restored
            ? `The ${kind} is restored, and its author told.`
            : `The ${kind} stays hidden, and its author is told why.`,
        })
      })

      return Decisions.of({ decide, appeal, decideAppeal })
    }),
  )
}
