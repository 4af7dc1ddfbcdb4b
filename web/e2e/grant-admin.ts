/**
 * Makes an account of the journeys' server an administrator with the command line's grant-admin, on the
 * server's database (see seed-store.ts).
 *   node --import tsx web/e2e/grant-admin.ts <username>
 */
import { execFileSync } from "node:child_process"
import { join } from "node:path"
import { databaseUrl, dataDir } from "./seed-store.ts"

const [username = ""] = process.argv.slice(2)

process.stdout.write(
  execFileSync(process.execPath, ["--import", "tsx", "app/cli.ts", "grant-admin", username], {
    cwd: join(import.meta.dirname, "..", ".."),
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    timeout: 50_000,
  }),
)
process.exit(0)
