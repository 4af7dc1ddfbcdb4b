/**
 * Makes an account of the journeys' server an administrator with the command line's grant-admin, on the
 * server's database (see seed-store.ts). Run from the journeys' bundle (bundle.ts), beside the bundled
 * command line:
 *   node <bundle>/grant-admin.js <username>
 */
import { execFileSync } from "node:child_process"
import { join } from "node:path"
import { databaseUrl, dataDir } from "./seed-store.ts"

const [username = ""] = process.argv.slice(2)

process.stdout.write(
  execFileSync(process.execPath, [join(import.meta.dirname, "cli.js"), "grant-admin", username], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    timeout: 50_000,
  }),
)
process.exit(0)
