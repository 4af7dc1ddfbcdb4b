import type { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import type { EventStore } from "#events/store/index.ts"
import { CreditAccounts, CreditLedger, DailyGrants } from "#modules/billing/index.ts"
import { Catalog } from "#modules/catalog/index.ts"
import { GenerationCredits, SongSources } from "#modules/media/index.ts"

/** Media's credits, from billing's credit accounts: the debit joins media's transaction. */
export const GenerationCreditsLive = Layer.effect(
  GenerationCredits,
  Effect.map(
    Effect.all([CreditAccounts, CreditLedger, DailyGrants]),
    ([accounts, ledger, grants]) =>
      GenerationCredits.of({
        topUp: grants.topUp,
        debit: ({ actor, ...debit }) =>
          accounts.execute({ _tag: "Debit", ...debit }, actor).pipe(
            Effect.map((outcome) => outcome.appended?.position),
            Effect.catchAll((refusal) =>
              refusal._tag === "InsufficientCredits" ? Effect.fail(refusal) : Effect.die(refusal),
            ),
          ),
        shown: ledger.caughtUp,
        refunded: (userId, generationId) =>
          Effect.map(accounts.load(userId), (account) => account.refunds.includes(generationId)),
      }),
  ),
)

/** The songs media makes videos, operations and stems of, from the catalog. */
export const SongSourcesLive = Layer.effect(
  SongSources,
  Effect.gen(function* () {
    const catalog = yield* Catalog
    const context = yield* Effect.context<SqlClient.SqlClient | EventStore>()
    return SongSources.of({
      visible: (songId, viewerId) =>
        catalog.files(songId, viewerId).pipe(
          Effect.map((song) => song && { ...song, coverKey: song.imageKey }),
          Effect.provide(context),
        ),
      owned: (songId, userId) => catalog.owned(songId, userId).pipe(Effect.provide(context)),
      withParts: (songId, userId) =>
        catalog.withParts(songId, userId).pipe(Effect.provide(context)),
      existing: (songId) => catalog.existing(songId).pipe(Effect.provide(context)),
    })
  }),
)
