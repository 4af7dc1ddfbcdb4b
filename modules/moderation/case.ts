import { Data, Either } from "effect"
import {
  AppealDecided,
  type CaseEvent,
  type DecidedReport,
  HidingAppealed,
  type Outcome,
  ReportFiled,
  ReportsDecided,
} from "#events/contracts/moderation.ts"
import type { Decider } from "#events/decider.ts"

/**
 * An item's case: the reports open on it, whether it is hidden and by whom, and where its appeal stands.
 * That the item exists, and who may act on it, is checked before a command reaches it.
 */
export interface Case {
  /** Whose the item is, as its first report found; undefined while nobody has reported it. */
  readonly authorId: string | undefined
  /** The song a reported comment is under. */
  readonly songId?: string | undefined
  readonly open: ReadonlyArray<typeof DecidedReport.Type>
  readonly hidden: { readonly adminId: string } | undefined
  readonly appeal: "none" | "open" | "decided"
}

type Filing = ConstructorParameters<typeof ReportFiled>[0]
type Decision = Omit<
  ConstructorParameters<typeof ReportsDecided>[0],
  "reports" | "authorId" | "songId"
>
type Appeal = ConstructorParameters<typeof HidingAppealed>[0]
type AppealDecision = Omit<ConstructorParameters<typeof AppealDecided>[0], "authorId" | "songId">

export type CaseCommand =
  | ({ readonly _tag: "FileReport" } & Filing)
  | ({ readonly _tag: "Decide" } & Decision)
  | ({ readonly _tag: "Appeal" } & Appeal)
  | ({ readonly _tag: "DecideAppeal" } & AppealDecision)

export class ReportOpen extends Data.TaggedError("ReportOpen") {}
export class NothingToDecide extends Data.TaggedError("NothingToDecide")<{
  readonly outcome: Outcome
}> {}
export class NotHidden extends Data.TaggedError("NotHidden") {}
export class AppealTaken extends Data.TaggedError("AppealTaken")<{
  readonly open: boolean
}> {}
export class NotTheAuthor extends Data.TaggedError("NotTheAuthor") {}
export class NoOpenAppeal extends Data.TaggedError("NoOpenAppeal") {}
export class OwnHiding extends Data.TaggedError("OwnHiding") {}

export type CaseRefusal =
  | ReportOpen
  | NothingToDecide
  | NotHidden
  | NotTheAuthor
  | AppealTaken
  | NoOpenAppeal
  | OwnHiding

const songOf = (state: Case) => (state.songId === undefined ? {} : { songId: state.songId })

const evolve = (state: Case, event: CaseEvent): Case => {
  switch (event._tag) {
    case "ReportFiled":
      return {
        ...state,
        authorId: state.authorId ?? event.authorId,
        songId: state.songId ?? event.songId,
        open: [...state.open, { reportId: event.reportId, reporterId: event.reporterId }],
      }
    case "ReportsDecided":
      return event.outcome === "hidden"
        ? { ...state, open: [], hidden: { adminId: event.adminId }, appeal: "none" }
        : { ...state, open: [] }
    case "HidingAppealed":
      return { ...state, appeal: "open" }
    case "AppealDecided":
      return event.restored
        ? { ...state, hidden: undefined, appeal: "none" }
        : { ...state, appeal: "decided" }
  }
}

const decide = (
  command: CaseCommand,
  state: Case,
): Either.Either<ReadonlyArray<CaseEvent>, CaseRefusal> => {
  const { _tag, ...fields } = command
  switch (command._tag) {
    case "FileReport":
      return state.open.some((r) => r.reporterId === command.reporterId)
        ? Either.left(new ReportOpen())
        : Either.right([new ReportFiled(fields as Filing)])
    case "Decide": {
      const authorId = state.authorId
      if (authorId === undefined)
        return Either.left(new NothingToDecide({ outcome: command.outcome }))
      const hiding = command.outcome === "hidden"
      // A hiding needs the item shown; a dismissal needs reports to dismiss; a suspension of the author
      // closes whatever is open, so it is never refused here.
      if (
        hiding
          ? state.hidden !== undefined
          : command.outcome === "dismissed" && state.open.length === 0
      ) {
        return Either.left(new NothingToDecide({ outcome: command.outcome }))
      }
      return Either.right([
        new ReportsDecided({
          ...(fields as Decision),
          authorId,
          reports: state.open,
          ...songOf(state),
        }),
      ])
    }
    case "Appeal":
      if (state.authorId !== command.authorId) return Either.left(new NotTheAuthor())
      if (state.hidden === undefined) return Either.left(new NotHidden())
      if (state.appeal !== "none")
        return Either.left(new AppealTaken({ open: state.appeal === "open" }))
      return Either.right([new HidingAppealed(fields as Appeal)])
    case "DecideAppeal":
      if (state.appeal !== "open") return Either.left(new NoOpenAppeal())
      if (state.hidden?.adminId === command.adminId) return Either.left(new OwnHiding())
      return Either.right([
        new AppealDecided({
          ...(fields as AppealDecision),
          authorId: state.authorId ?? "",
          ...songOf(state),
        }),
      ])
  }
}

export const moderationCase: Decider<CaseCommand, CaseEvent, Case, CaseRefusal> = {
  initialState: { authorId: undefined, open: [], hidden: undefined, appeal: "none" },
  evolve,
  decide,
}
