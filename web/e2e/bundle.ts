/**
 * The journeys' server and the scripts that seed it, bundled with the server (app/server-bundle.ts) into
 * the folder named, which must be inside the project for their packages to be found:
 *   node --import tsx web/e2e/bundle.ts <folder>
 */
import { bundleServer } from "#app/server-bundle.ts"

await bundleServer(process.argv[2]!, {
  serve: "web/e2e/serve.ts",
  "seed-generation": "web/e2e/seed-generation.ts",
  "seed-failed-generation": "web/e2e/seed-failed-generation.ts",
  "grant-admin": "web/e2e/grant-admin.ts",
})
