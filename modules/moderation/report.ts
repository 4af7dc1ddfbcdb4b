import { Data, Either } from "effect"
import { type ReportEvent, ReportFiled } from "#events/contracts/moderation.ts"
import type { Decider } from "#events/decider.ts"

/**
 * One person's report of one item: filed once while it is open. That the item exists, is theirs to see
 * and not their own, is checked against the item's own stream first.
 */
export type ReportCommand = { readonly _tag: "FileReport" } & Omit<
  ConstructorParameters<typeof ReportFiled>[0],
  "_tag"
>

export class ReportOpen extends Data.TaggedError("ReportOpen") {}

export const report: Decider<ReportCommand, ReportEvent, boolean, ReportOpen> = {
  initialState: false,
  evolve: (_open, event) => event._tag === "ReportFiled",
  decide: (command, open) => {
    if (open) return Either.left(new ReportOpen())
    const { _tag, ...filed } = command
    return Either.right([new ReportFiled(filed)])
  },
}
