import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { checkImports } from "./architecture.ts"
import { checkContracts } from "./architecture-contracts.ts"
import { projectSources } from "./architecture-sources.ts"
import { checkTables } from "./architecture-tables.ts"

const root = fileURLToPath(new URL("..", import.meta.url))

describe("architecture", () => {
  it("the project follows the architecture's dependency rules", () => {
    const sources = projectSources(root)
    expect(sources.length).toBeGreaterThan(20)
    expect(checkImports(sources)).toEqual([])
    expect(checkTables(sources)).toEqual([])
    expect(checkContracts(sources)).toEqual([])
  })

  it("rejects anything but events, their schemas, stream names and the actor in events/contracts/", () => {
    const bad = [
      { path: "events/contracts/prices.ts", text: "export const songCost = 5" },
      {
        path: "events/contracts/catalog.ts",
        text: [
          `export class SongSaved extends Schema.TaggedClass<SongSaved>()("SongSaved", {}) {}`,
          `export const catalogStreams = { song: (id: string) => \`song-\${id}\` }`,
          `export const songPaths = { audio: (id: string) => \`/api/songs/\${id}/audio\` }`,
          `export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", {}) {}`,
          'export const coverSizes = { card: "22rem" }',
          "export function describeMoney(cents: number) { return String(cents) }",
        ].join("\n"),
      },
      {
        path: "events/contracts/offers.ts",
        text: [
          `export const PlanId = Schema.Literal("BASIC", "PRO")`,
          "export const Money = { amountCents: Schema.Int, currency: Schema.String }",
          "export type PlanId = typeof PlanId.Type",
          "export const billingEventTypes = BillingEvent.members.map((m) => m._tag)",
        ].join("\n"),
      },
      { path: "events/contracts/media.test.ts", text: "export const sample = 1" },
      { path: "modules/billing/api-prices.ts", text: "export const songCost = 5" },
    ]
    expect(checkContracts(bad).map((v) => `${v.file}: ${v.specifier}`)).toEqual([
      "events/contracts/prices.ts: songCost",
      "events/contracts/catalog.ts: songPaths",
      "events/contracts/catalog.ts: NotFound",
      "events/contracts/catalog.ts: coverSizes",
      "events/contracts/catalog.ts: describeMoney",
    ])
  })

  it("rejects SQL on another module's tables, a table outside its schema or a projection's", () => {
    const bad = [
      {
        path: "projections/credit-ledger/projection.ts",
        text: "sql`create table if not exists credit_ledger (user_id text)`",
      },
      { path: "modules/billing/migrations.ts", text: "sql`create table billing.receipts ()`" },
      { path: "modules/identity/migrations.ts", text: "sql`create table identity.session ()`" },
      {
        path: "modules/catalog/song-access.ts",
        text: "sql`select * from billing.receipts join identity.session using (user_id)`",
      },
      { path: "modules/music/songs.ts", text: "sql`select balance from credit_ledger`" },
      { path: "modules/billing/receipts.ts", text: "sql`insert into billing.receipts values ()`" },
      { path: "modules/videos/songs.ts", text: "sql`select song_id from media.song_videos`" },
      { path: "modules/videos/migrations.ts", text: "sql`create table media.song_videos ()`" },
      {
        path: "modules/videos/migrations.ts",
        text: "sql`create table if not exists song_videos ()`",
      },
      { path: "modules/videos/migrations.ts", text: "sql`create table videos.song_videos ()`" },
    ]
    expect(checkTables(bad).map((v) => `${v.file}: ${v.specifier}: ${v.rule}`)).toEqual([
      "modules/catalog/song-access.ts: billing.receipts: a module's SQL names only its own tables; it learns the rest from events",
      "modules/catalog/song-access.ts: identity.session: a module's SQL names only its own tables; it learns the rest from events",
      "modules/music/songs.ts: credit_ledger: a module reads a projection only through its contract (api.ts), never its tables",
      "modules/videos/songs.ts: media.song_videos: a module's SQL names only its own tables; it learns the rest from events",
      "modules/videos/migrations.ts: media: a module's tables live in its own schema, named after it",
      "modules/videos/migrations.ts: (no schema): a module's tables live in its own schema, named after it",
    ])
  })

  it("rejects a deliberately bad sample, one breach of each rule", () => {
    const bad = [
      {
        path: "modules/billing/reactions.ts",
        text: `import { videos } from "#modules/videos/index.ts"`,
      },
      { path: "projections/timeline.ts", text: `import { Song } from "#modules/catalog/index.ts"` },
      { path: "events/contracts/songs.ts", text: `import { readFile } from "node:fs"` },
      {
        path: "modules/catalog/api.ts",
        text: `import { SqlClient } from "@effect/sql"\nimport { catalog } from "./catalog.ts"`,
      },
      { path: "app/api.ts", text: `import { HttpApi, HttpServer } from "@effect/platform"` },
      {
        path: "modules/music/music.ts",
        text: `import { store } from "../../events/store/index.ts"`,
      },
      { path: "app/layers.ts", text: `import { secret } from "#modules/billing/billing.ts"` },
      { path: "events/decider.ts", text: `import { projections } from "#app/projections.ts"` },
      { path: "web/src/lib/api.ts", text: `import { pool } from "#events/store/pg-client.ts"` },
      { path: "modules/identity/identity.ts", text: `import { MelodyApi } from "#app/api.ts"` },
      { path: "modules/identity/users.test.ts", text: `import { AppLive } from "#app/layers.ts"` },
      {
        path: "stand-ins/melody/lyric-writer.ts",
        text: `import { Songwriting } from "#modules/songwriting/songwriting.ts"`,
      },
      {
        path: "web/src/features/library/library-card.tsx",
        text: `import { useCurrentUser } from "../auth/auth-page.tsx"`,
      },
      {
        path: "modules/music/generation/generations.ts",
        text: `import { CreditAccounts } from "#modules/music/../billing/credit-accounts.ts"`,
      },
      {
        path: "app/layers.ts",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is source text holding a template
        text: "const billing = await import(`#modules/${name}/billing.ts`)",
      },
      {
        path: "toolkit/jobs.ts",
        text: `import { creditLedger } from "#projections/credit-ledger/projection.ts"`,
      },
      {
        path: "modules/music/index.ts",
        text: `import { engine } from "#stand-ins/music-engine/main.ts"`,
      },
      {
        path: "modules/billing/billing.ts",
        text: `import { CreditLedgerReads } from "#projections/credit-ledger/reads.ts"`,
      },
      {
        path: "app/http/song-http.ts",
        text: `import { SongReads } from "#projections/songs/song-reads.ts"`,
      },
    ]
    const rules = checkImports(bad).map((v) => `${v.file}: ${v.rule}`)
    expect(rules).toEqual([
      "modules/billing/reactions.ts: modules never import each other; react to their events instead",
      "projections/timeline.ts: projections import events/, toolkit/ and contract files only",
      "events/contracts/songs.ts: contract files import only effect and @effect/platform's HttpApi modules",
      "modules/catalog/api.ts: contract files import only effect and @effect/platform's HttpApi modules",
      "modules/catalog/api.ts: contract files import only other contract files",
      "app/api.ts: contract files import only effect and @effect/platform's HttpApi modules",
      "modules/music/music.ts: relative imports stay inside their folder; use a # alias across folders",
      "app/layers.ts: other folders enter a module only through its index.ts, ports.ts or contract files",
      "events/decider.ts: events/ is the base: it imports no other backend folder",
      "web/src/lib/api.ts: the SPA imports backend code only through contract files",
      "modules/identity/identity.ts: only app/ knows app/",
      "modules/identity/users.test.ts: only app/ knows app/",
      "stand-ins/melody/lyric-writer.ts: stand-ins import only the ports they implement (a module's ports.ts), contract files and the toolkit",
      "web/src/features/library/library-card.tsx: web features do not import each other; what they share lives in web/src/components or web/src/lib",
      "modules/music/generation/generations.ts: imports through an alias name their target directly, without . or ..",
      "modules/music/generation/generations.ts: other folders enter a module only through its index.ts, ports.ts or contract files",
      "modules/music/generation/generations.ts: modules never import each other; react to their events instead",
      "app/layers.ts: imports name their target as a string literal",
      "toolkit/jobs.ts: toolkit/ imports events/ and contract files only",
      "modules/music/index.ts: only app/ and tests know the stand-ins; a module depends on its ports",
      "modules/billing/billing.ts: modules read projections only through their contracts (api.ts)",
      "app/http/song-http.ts: reads are served beside their projection (its http.ts), never from app/http/",
    ])
  })

  it("accepts what the rules allow", () => {
    const good = [
      {
        path: "modules/billing/reactions.ts",
        text: `import { SongGenerationFailed } from "#events/contracts/media.ts"`,
      },
      { path: "modules/billing/http.ts", text: `import { BillingApi } from "./api.ts"` },
      { path: "app/layers.ts", text: `import { BillingLive } from "#modules/billing/index.ts"` },
      {
        path: "app/api.ts",
        text: `import { HttpApi, HttpApiGroup } from "@effect/platform"\nimport { BillingApi } from "#modules/billing/api.ts"`,
      },
      { path: "web/src/lib/api.ts", text: `import { MelodyApi } from "#app/api.ts"` },
      {
        path: "projections/ledger.ts",
        text: `import { EventStore } from "#events/store/index.ts"`,
      },
      {
        path: "projections/timeline-pages.ts",
        text: `import { keptFresh } from "#toolkit/kept-fresh.ts"`,
      },
      {
        path: "stand-ins/melody/offline-model.ts",
        text: `import { LanguageModel } from "#modules/songwriting/ports.ts"`,
      },
      {
        path: "app/layers.ts",
        text: `import { OfflineModelLive } from "#stand-ins/melody/offline-model.ts"`,
      },
      {
        path: "web/src/features/library/library-card.tsx",
        text: `import { cn } from "../../lib/cn.ts"`,
      },
      { path: "app/cli.ts", text: "const { run } = await import(`#app/cli-commands.ts`)" },
      {
        path: "app/http/first-view/renderer.ts",
        text: "const built = await import(pathToFileURL(file).href)",
      },
      {
        path: "modules/billing/api.ts",
        text: `import { LedgerEntry } from "#projections/credit-ledger/api.ts"`,
      },
      {
        path: "modules/music/generation/paid-start.ts",
        text: `import { InsufficientCredits } from "#modules/billing/api-credit-refusals.ts"`,
      },
      {
        path: "projections/songs/song-view.ts",
        text: `import { songPaths } from "#modules/catalog/api-song-paths.ts"`,
      },
      {
        path: "toolkit/storage/cover-keys.ts",
        text: `import type { CoverWidth } from "#modules/catalog/api-covers.ts"`,
      },
      { path: "modules/identity/http.ts", text: `import { moduleApi } from "#api/id.ts"` },
      {
        path: "web/src/features/song/song-cover.tsx",
        text: `import { coverSrcSet } from "#modules/catalog/api-covers.ts"`,
      },
      {
        path: "app/http/first-view/first-views.ts",
        text: `import type { PublicSongs } from "#projections/songs/api.ts"`,
      },
    ]
    expect(checkImports(good)).toEqual([])
  })
})
