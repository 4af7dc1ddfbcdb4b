import { Effect } from "effect"
import { CreditAccountEvent, creditAccountEventTypes } from "#events/contracts/billing.ts"
import { awaitCommittedReadable, decodeAll, EventStore, Position } from "#events/store/index.ts"
import { creditChange } from "./api-credit-changes.ts"

const decodeEvents = decodeAll(CreditAccountEvent)

/** Every account's balance from its events alone, and the events that disagree with it. */
export interface Recomputed {
  readonly balances: ReadonlyMap<string, number>
  /** Events whose recorded balance disagrees with the sum of the amounts before them. */
  readonly breaks: ReadonlyArray<{
    readonly userId: string
    readonly eventId: string
    readonly recorded: number
    readonly computed: number
  }>
}

/**
 * Every account's balance from its events alone, adding up their amounts (not trusting the balance each
 * records), with every event whose recorded balance disagrees with that sum: for audits. It reads
 * everything committed when it starts (see `awaitCommittedReadable`).
 */
export const recomputeBalancesFrom = (store: EventStore["Type"]) =>
  Effect.gen(function* () {
    const balances = new Map<string, number>()
    const breaks: Array<{ userId: string; eventId: string; recorded: number; computed: number }> =
      []
    const types = creditAccountEventTypes
    let after: Position = Position.start
    yield* awaitCommittedReadable().pipe(Effect.provideService(EventStore, store))
    while (true) {
      const batch = yield* store.readAll(after, { limit: 1000, types })
      if (batch.length === 0) break
      after = batch[batch.length - 1]!
      const history = yield* decodeEvents(batch.filter((e) => types.includes(e.type)))
      for (const { event, eventId } of history) {
        const change = creditChange(event)
        if (change === undefined) continue
        const balance = (balances.get(event.userId) ?? 0) + change
        balances.set(event.userId, balance)
        if ("balanceAfter" in event && event.balanceAfter !== balance) {
          breaks.push({
            userId: event.userId,
            eventId,
            recorded: event.balanceAfter,
            computed: balance,
          })
        }
      }
    }
    return { balances, breaks }
  }).pipe(Effect.orDie)
