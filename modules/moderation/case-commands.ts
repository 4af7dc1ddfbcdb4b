import { Effect } from "effect"
import type { Actor } from "#events/contracts/actor.ts"
import { CaseEvent, moderationStreams, type ReportedKind } from "#events/contracts/moderation.ts"
import { runCommand } from "#events/handle-command.ts"
import { type CaseCommand, moderationCase } from "./case.ts"

/**
 * A command on an item's case. Many people may report one item at once: their commands queue on the
 * case's row rather than conflict.
 */
export const runCase = (kind: ReportedKind, itemId: string, command: CaseCommand, actor: Actor) =>
  runCommand({
    decider: moderationCase,
    events: CaseEvent,
    streamId: moderationStreams.case(kind, itemId),
    command,
    actor,
    concurrency: "exclusive",
  }).pipe(Effect.map((result) => result.events))
