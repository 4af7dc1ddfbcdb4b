import { SqlClient } from "@effect/sql"
import { Effect, Either } from "effect"
import { v7 as uuidv7 } from "uuid"
import type { SignedInUser } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { Actors } from "#events/contracts/actor.ts"
import {
  type AdjustmentRequested,
  CreditAdjustmentEvent,
  creditAdjustmentStream,
} from "#events/contracts/credit-adjustments.ts"
import { runCommand } from "#events/handle-command.ts"
import { EventStore } from "#events/store/index.ts"
import { Adjusted, PendingAdjustment, PendingAdjustments } from "./api-adjustment-answers.ts"
import type { InvalidAdjustment } from "./api-refusals.ts"
import { BillingConfig } from "./config.ts"
import { creditAccount } from "./credit-account-decider.ts"
import { CreditAccounts } from "./credit-accounts.ts"
import { type AdjustmentCommand, creditAdjustment } from "./credit-adjustment.ts"
import type { CreditCommand } from "./credit-commands.ts"
import type { CreditRefusal } from "./credit-refusals.ts"

const noSuchUser = new NotFound({ message: "There is no user with this id." })

/** What an admin asks for: credits either way, why, and the support ticket if there is one. */
export interface AdjustmentAsked {
  readonly amount: number
  readonly reason: string
  readonly ticket?: string | null | undefined
}

const adjustOf = (request: AdjustmentRequested, approvedBy?: string): CreditCommand => ({
  _tag: "Adjust",
  userId: request.userId,
  adjustmentId: request.adjustmentId,
  amount: request.amount,
  reason: request.reason,
  ticket: request.ticket,
  requestedBy: request.requestedBy,
  ...(approvedBy === undefined ? {} : { approvedBy }),
})

/** Only an invalid adjustment is the admin's to hear; anything else the account refuses is a bug. */
const invalidOnly = (refusal: CreditRefusal): Effect.Effect<never, InvalidAdjustment> =>
  refusal._tag === "InvalidAdjustment" ? Effect.fail(refusal) : Effect.die(refusal)

/**
 * Admins' adjustments of credits, four eyes above the threshold. The adjustment's stream and the account's
 * CreditsAdjusted are written in one transaction, the request's (applied at once) or the approval's: an
 * approval is never recorded without its credits, and an account that refuses them (a removal the balance
 * no longer covers) leaves the adjustment pending, the approving admin told why. `settled` waits until the
 * ledger shows what was written.
 */
export const makeAdjustments = (settled: Effect.Effect<void>) =>
  Effect.gen(function* () {
    const config = yield* BillingConfig
    const store = yield* EventStore
    const sql = yield* SqlClient.SqlClient
    const accounts = yield* CreditAccounts
    const writing = yield* Effect.context<EventStore | SqlClient.SqlClient>()

    const decideOn = (adjustmentId: string, command: AdjustmentCommand, admin: SignedInUser) =>
      runCommand({
        decider: creditAdjustment,
        events: CreditAdjustmentEvent,
        streamId: creditAdjustmentStream(adjustmentId),
        command,
        actor: Actors.admin(admin.userId),
        concurrency: "exclusive",
      }).pipe(Effect.provide(writing))

    const forget = (adjustmentId: string) =>
      Effect.orDie(
        sql`delete from billing.pending_adjustments where adjustment_id = ${adjustmentId}`,
      )

    /** Waits for approval: refused now if the account could not take it as things stand. */
    const hold = (request: AdjustmentRequested) =>
      Effect.gen(function* () {
        const account = yield* accounts.load(request.userId)
        const dryRun = creditAccount.decide(adjustOf(request), account)
        if (Either.isLeft(dryRun)) return yield* invalidOnly(dryRun.left)
        yield* Effect.orDie(sql`
          insert into billing.pending_adjustments
            (adjustment_id, user_id, amount, reason, ticket, requested_by)
          values (${request.adjustmentId}, ${request.userId}, ${request.amount}, ${request.reason},
                  ${request.ticket}, ${request.requestedBy})`)
        return account.balance
      })

    const request = (admin: SignedInUser, userId: string, asked: AdjustmentAsked) =>
      Effect.gen(function* () {
        if (!(yield* accounts.exists(userId))) return yield* noSuchUser
        const adjustmentId = uuidv7()
        const answer = yield* store.transaction(
          Effect.gen(function* () {
            const decided = yield* Effect.orDie(
              decideOn(
                adjustmentId,
                {
                  _tag: "RequestAdjustment",
                  adjustmentId,
                  userId,
                  amount: asked.amount,
                  reason: asked.reason,
                  ticket: asked.ticket ? asked.ticket : null,
                  requestedBy: admin.userId,
                  approvalAbove: config.adjustmentApprovalAbove,
                },
                admin,
              ),
            )
            const requested = decided.state!.request
            if (requested.needsApproval) {
              return { status: "pending" as const, balance: yield* hold(requested) }
            }
            const applied = yield* accounts
              .execute(adjustOf(requested), Actors.admin(admin.userId))
              .pipe(Effect.catchAll(invalidOnly))
            return { status: "applied" as const, balance: applied.state.balance }
          }),
        )
        yield* settled
        return new Adjusted({ adjustmentId, ...answer })
      })

    const approve = (admin: SignedInUser, adjustmentId: string) =>
      Effect.gen(function* () {
        const balance = yield* store.transaction(
          Effect.gen(function* () {
            const decided = yield* decideOn(
              adjustmentId,
              { _tag: "ApproveAdjustment", approvedBy: admin.userId },
              admin,
            )
            const applied = yield* accounts
              .execute(adjustOf(decided.state!.request, admin.userId), Actors.admin(admin.userId))
              .pipe(Effect.catchAll(invalidOnly))
            yield* forget(adjustmentId)
            return applied.state.balance
          }),
        )
        yield* settled
        return new Adjusted({ adjustmentId, status: "applied", balance })
      })

    const reject = (admin: SignedInUser, adjustmentId: string, reason: string) =>
      Effect.gen(function* () {
        const decided = yield* store.transaction(
          Effect.tap(
            decideOn(
              adjustmentId,
              { _tag: "RejectAdjustment", rejectedBy: admin.userId, reason },
              admin,
            ),
            () => forget(adjustmentId),
          ).pipe(Effect.catchTag("OwnAdjustment", Effect.die)),
        )
        yield* settled
        const account = yield* accounts.load(decided.state!.request.userId)
        return new Adjusted({ adjustmentId, status: "rejected", balance: account.balance })
      })

    const pending = Effect.map(
      sql<PendingAdjustment>`
        select adjustment_id as "adjustmentId", user_id as "userId", amount, reason, ticket,
               requested_by as "requestedBy", requested_at as "requestedAt"
          from billing.pending_adjustments
         order by requested_at, adjustment_id`.pipe(Effect.orDie),
      (rows) =>
        new PendingAdjustments({
          approvalAbove: config.adjustmentApprovalAbove,
          adjustments: rows.map((row) => new PendingAdjustment(row)),
        }),
    )

    return { request, approve, reject, pending }
  })
