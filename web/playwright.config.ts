import { tmpdir } from "node:os"
import { join } from "node:path"
import { defineConfig } from "@playwright/test"

const port = Number(process.env.E2E_PORT ?? 3210)
// Shared with the server (see e2e/serve.ts) and the journeys' seeding (see e2e/seed-generation.ts).
process.env.E2E_STATE ??= join(tmpdir(), `melody-e2e-${port}.json`)

/**
 * Browser journeys against the built app, served by the real server on a fresh database (see e2e/serve.ts),
 * in Debian's Chromium: Playwright downloads no browser.
 */
export default defineConfig({
  testDir: "./e2e",
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: "../test-results",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    headless: true,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: {
    command: "node --import tsx web/e2e/serve.ts",
    cwd: "..",
    url: `http://127.0.0.1:${port}/api/health?projections=false`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: "admin@melody.test",
      // Every journey's people register from this one address: more than a real address's hourly twenty.
      REGISTRATIONS_PER_ADDRESS: "200",
      E2E_STATE: process.env.E2E_STATE,
    },
  },
})
