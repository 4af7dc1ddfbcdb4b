import { dirname, join, normalize } from "node:path"
import { importsOf } from "./import-scan.ts"

/**
 * The architecture's dependency rules, as code:
 * 1. Modules never import each other's code; they may read each other's published language, its contract
 *    files (a module's api.ts and api-*.ts).
 * 2. Projections import events/, the toolkit and contract files only.
 * 3. Contract files (events/contracts/**, api/**, every module's and projection's api.ts and the api-*.ts
 *    files beside it, app/api.ts and app/projections-api.ts) import only effect, @effect/platform's HttpApi
 *    modules and other contract files, so the SPA can bundle them, and any folder may import them: they
 *    carry no module's internals. events/contracts/ holds the events alone (architecture-contracts.ts);
 *    api/ holds what every part of the HTTP API shares (its id, the session middlewares, the common
 *    refusals, message helpers), which is no module's.
 * 4. Only app/ knows every backend folder; events/ knows none of the others. Across folders, imports go
 *    through the #api, #events, #modules, #projections and #app aliases, and into a module only through
 *    its index.ts, ports.ts or contract files. Relative imports stay inside their folder.
 * 5. The SPA imports backend code only through contract files; its features do not import each other
 *    (what two features share lives in web/src/components or web/src/lib).
 * 6. toolkit/ (helpers that are not about events, stored files among them) imports events/ and contract
 *    files only; its tests may run against the stand-ins' fake services.
 * 7. Stand-ins (offline implementations and fake outside services) import only the ports they implement
 *    (a module's ports.ts), contract files and the toolkit.
 * 8. Imports are string literals naming their target directly: no `..` after an alias, no computed
 *    `import()`, so every rule above sees every import. The one exception loads a build output, not
 *    source: the first views' renderer, built from web/src (app/http/first-view/renderer.ts).
 * 9. Reads are served beside their projection (its http.ts), never from app/http/, which imports only the
 *    projections' runner (for their health and rebuild).
 * 10. A module's tables live in the schema named after it, its SQL names no other: it learns what other
 *    modules know from their events, and reads a projection through its contract (architecture-tables.ts).
 * Tests may also import app/testing.ts (and app/testing-client.ts, app/testing-songs.ts,
 * app/testing-music-api.ts, app/testing-openai.ts, app/testing-billing.ts), to exercise a module through
 * the whole app.
 */

export interface SourceFile {
  readonly path: string
  readonly text: string
}

export interface Violation {
  readonly file: string
  readonly specifier: string
  readonly rule: string
}

const aliases: Record<string, string> = {
  "#api/": "api/",
  "#events/": "events/",
  "#toolkit/": "toolkit/",
  "#stand-ins/": "stand-ins/",
  "#modules/": "modules/",
  "#projections/": "projections/",
  "#app/": "app/",
}

/**
 * events, toolkit, projections, app, bench, stand-ins...; for modules the module itself (modules/billing)
 * and for the SPA's features the feature itself (web/src/features/library).
 */
const folderOf = (path: string): string => {
  const [top, second, third, fourth] = path.split("/")
  if (top === "modules" && second) return `modules/${second}`
  if (top === "web" && second === "src" && third === "features" && fourth)
    return `web/src/features/${fourth}`
  return top ?? ""
}

const isPortFile = (path: string) => /^modules\/[^/]+\/ports\.ts$/.test(path)

/**
 * Tests may run the whole app (`app/testing.ts`) to test a module through HTTP and its typed client, seed
 * it with songs, and make songs with a fake music API, talk with a fake OpenAI, or buy credits.
 */
const testingHelpers = new Set([
  "app/testing.ts",
  "app/testing-client.ts",
  "app/testing-songs.ts",
  "app/testing-music-api.ts",
  "app/testing-openai.ts",
  "app/testing-billing.ts",
])

/** Loads web/dist-ssr's renderer by its configured path: the SPA's build, which no rule here reads. */
const builtRendererLoader = "app/http/first-view/renderer.ts"

export const isTest = (path: string) => /\.test\.tsx?$/.test(path)

export const isContractFile = (path: string) =>
  path.startsWith("events/contracts/") ||
  path.startsWith("api/") ||
  /^app\/(api|projections-api)\.ts$/.test(path) ||
  /^(modules|projections)\/[^/]+\/api(-[a-z-]+)?\.ts$/.test(path)

// Multipart: an upload's contract names its file fields with Multipart's schemas.
const contractPackages = /^(effect(\/.*)?|@effect\/platform\/(HttpApi\w*|OpenApi|Multipart))$/
const platformBarrelNames = /^(HttpApi\w*|OpenApi|Multipart)$/

/** The project path an import points at, or undefined for a package. */
const target = (from: string, specifier: string): string | undefined => {
  for (const [alias, folder] of Object.entries(aliases)) {
    if (specifier.startsWith(alias)) return normalize(folder + specifier.slice(alias.length))
  }
  if (specifier.startsWith(".")) return normalize(join(dirname(from), specifier))
  return undefined
}

export const checkImports = (files: ReadonlyArray<SourceFile>): ReadonlyArray<Violation> => {
  const violations: Array<Violation> = []
  for (const file of files) {
    const from = folderOf(file.path)
    const report = (specifier: string, rule: string) =>
      violations.push({ file: file.path, specifier, rule })
    for (const { specifier, names, typeOnly } of importsOf(file)) {
      if (specifier === undefined) {
        if (file.path !== builtRendererLoader)
          report("import()", "imports name their target as a string literal")
        continue
      }
      if (specifier.startsWith("#") && /(^|\/)\.\.?(\/|$)/.test(specifier)) {
        report(specifier, "imports through an alias name their target directly, without . or ..")
      }
      const to = target(file.path, specifier)
      if (isContractFile(file.path) && !file.path.endsWith(".test.ts")) {
        if (to === undefined) {
          const barrelOk =
            specifier === "@effect/platform" &&
            names !== undefined &&
            names.every((n) => platformBarrelNames.test(n))
          if (!contractPackages.test(specifier) && !barrelOk) {
            report(
              specifier,
              "contract files import only effect and @effect/platform's HttpApi modules",
            )
          }
        } else if (!isContractFile(to)) {
          report(specifier, "contract files import only other contract files")
        }
      }
      if (to === undefined) continue
      const toFolder = folderOf(to)
      if (specifier.startsWith(".") && toFolder !== from && !from.startsWith("web")) {
        report(specifier, "relative imports stay inside their folder; use a # alias across folders")
      }
      if (from.startsWith("web") && !isContractFile(to) && !to.startsWith("web/")) {
        const e2eTooling = file.path.startsWith("web/e2e/") && !typeOnly
        if (!e2eTooling)
          report(specifier, "the SPA imports backend code only through contract files")
      }
      if (
        from.startsWith("web/src/features/") &&
        toFolder.startsWith("web/src/features/") &&
        toFolder !== from
      ) {
        report(
          specifier,
          "web features do not import each other; what they share lives in web/src/components or web/src/lib",
        )
      }
      if (from === "stand-ins") {
        const allowed =
          toFolder === "stand-ins" || toFolder === "toolkit" || isContractFile(to) || isPortFile(to)
        if (!allowed) {
          report(
            specifier,
            "stand-ins import only the ports they implement (a module's ports.ts), contract files and the toolkit",
          )
        }
        continue
      }
      const entersModule = /\/index\.ts$/.test(to) || isPortFile(to) || isContractFile(to)
      if (
        file.path.startsWith("app/http/") &&
        toFolder === "projections" &&
        to !== "projections/runner.ts" &&
        !isContractFile(to)
      ) {
        report(
          specifier,
          "reads are served beside their projection (its http.ts), never from app/http/",
        )
      }
      if (toFolder.startsWith("modules/") && from !== toFolder && !entersModule) {
        report(
          specifier,
          "other folders enter a module only through its index.ts, ports.ts or contract files",
        )
      }
      if (toFolder === from || from === "app" || from === "bench" || from.startsWith("web"))
        continue
      // A published language: contract files import only contract files, so no internals come with them.
      // app/'s contracts gather every module's, which only app/ may know.
      if (isContractFile(to) && from !== "events" && toFolder !== "app") continue
      if (from.startsWith("modules/") && toFolder.startsWith("modules/")) {
        report(specifier, "modules never import each other; react to their events instead")
      } else if (
        from.startsWith("modules/") &&
        toFolder === "projections" &&
        !isContractFile(to) &&
        !isTest(file.path)
      ) {
        report(specifier, "modules read projections only through their contracts (api.ts)")
      } else if (from === "projections" && toFolder !== "events" && toFolder !== "toolkit") {
        report(specifier, "projections import events/, toolkit/ and contract files only")
      } else if (from === "events" && toFolder !== "events") {
        report(specifier, "events/ is the base: it imports no other backend folder")
      } else if (
        from === "toolkit" &&
        toFolder !== "events" &&
        !(isTest(file.path) && toFolder === "stand-ins")
      ) {
        report(specifier, "toolkit/ imports events/ and contract files only")
      } else if (toFolder === "stand-ins" && !isTest(file.path)) {
        report(specifier, "only app/ and tests know the stand-ins; a module depends on its ports")
      } else if (toFolder === "app" && !(isTest(file.path) && testingHelpers.has(to))) {
        report(specifier, "only app/ knows app/")
      }
    }
  }
  return violations
}
