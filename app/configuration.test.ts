import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import {
  type Config,
  ConfigError,
  ConfigProvider,
  ConfigProviderPathPatch,
  Effect,
  HashSet,
} from "effect"
import { describe, expect, it } from "vitest"
import { billingConfig } from "#modules/billing/index.ts"
import { catalogConfig } from "#modules/catalog/index.ts"
import { identityConfig } from "#modules/identity/index.ts"
import { musicConfig } from "#modules/music/index.ts"
import { songwritingConfig } from "#modules/songwriting/index.ts"
import { videosConfig } from "#modules/videos/index.ts"
import { searchRefreshConfig } from "#projections/search/kept-searches.ts"
import { trendingRefreshConfig } from "#projections/songs/trending-order.ts"
import { contentChecksConfig } from "#toolkit/content-checks/index.ts"
import { heavyWorkConfig } from "#toolkit/heavy-work.ts"
import { processRole } from "#toolkit/process-role.ts"
import { storageConfig } from "#toolkit/storage/index.ts"
import { appConfig } from "./config.ts"
import { jobsConfig } from "./jobs.ts"
import { metricsConfig } from "./telemetry/metrics-server.ts"
import { otlpConfig } from "./telemetry/otlp.ts"

/**
 * The typed configs are the one source of truth: every variable the server reads is read there. This
 * asks each of them for its variables (a provider that records every name asked for and has none, so every
 * default and fallback is taken), and holds .env.example and the README's table to that list.
 */
const variablesRead = (): ReadonlySet<string> => {
  const asked = new Set<string>()
  const provider = ConfigProvider.fromFlat(
    ConfigProvider.makeFlat({
      load: (path) => {
        asked.add(path.join("_"))
        return Effect.fail(ConfigError.MissingData([...path], `${path.join("_")} is not set`))
      },
      enumerateChildren: () => Effect.succeed(HashSet.empty()),
      patch: ConfigProviderPathPatch.empty,
    }),
  )
  const configs: ReadonlyArray<Config.Config<unknown>> = [
    appConfig,
    metricsConfig,
    otlpConfig,
    processRole,
    jobsConfig,
    identityConfig,
    billingConfig,
    catalogConfig,
    songwritingConfig,
    musicConfig,
    videosConfig,
    storageConfig,
    heavyWorkConfig,
    contentChecksConfig,
    trendingRefreshConfig,
    searchRefreshConfig,
  ]
  for (const config of configs) {
    Effect.runSync(Effect.either(Effect.withConfigProvider(config, provider)))
  }
  return asked
}

const read = variablesRead()

/** Names on a line of their own, set (`NAME=value`) or shown commented out (`# NAME=value`). */
const envExample = new Set(
  [...readFileSync(".env.example", "utf8").matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map(
    (match) => match[1],
  ),
)

const readmeSection = (text: string) => {
  const start = text.indexOf("## Configuration")
  return text.slice(start, text.indexOf("\n## ", start + 1))
}
const readmeTable = new Set(
  [...readmeSection(readFileSync("README.md", "utf8")).matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map(
    (match) => match[1],
  ),
)

/** Server code that reads the environment itself rather than through a typed config. */
const directReads = () => {
  const roots = ["app", "events", "modules", "projections"]
  const found: Array<string> = []
  for (const root of roots) {
    for (const path of readdirSync(root, { recursive: true, encoding: "utf8" })) {
      if (!path.endsWith(".ts") || /(\.test|testing[^/]*|test-[^/]*|\.fake)\.ts$/.test(path))
        continue
      const text = readFileSync(join(root, path), "utf8")
      for (const match of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)|process\.env\[/g)) {
        found.push(`${join(root, path)}: ${match[0]}`)
      }
    }
  }
  return found
}

describe("configuration", () => {
  it("finds the variables the typed configs read", () => {
    expect(read).toContain("PORT")
    expect(read).toContain("S3_FORCE_PATH_STYLE")
    expect(read).toContain("STRIPE_WEBHOOK_SECRET")
    expect(read.size).toBeGreaterThan(40)
  })

  it("lists every variable in .env.example, and only those", () => {
    expect([...read].filter((name) => !envExample.has(name)).sort()).toEqual([])
    expect([...envExample].filter((name) => !read.has(name as string)).sort()).toEqual([])
  })

  it("describes every variable in the README's table, and only those", () => {
    expect([...read].filter((name) => !readmeTable.has(name)).sort()).toEqual([])
    expect([...readmeTable].filter((name) => !read.has(name as string)).sort()).toEqual([])
  })

  it("reads the environment only through the typed configs", () => {
    expect(directReads()).toEqual([])
  })
})
