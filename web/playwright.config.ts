import { tmpdir } from "node:os"
import { join } from "node:path"
import { defineConfig } from "@playwright/test"

const port = Number(process.env.E2E_PORT ?? 3210)
// Shared with the server (see e2e/serve.ts) and the journeys' seeding (see e2e/seed-generation.ts).
process.env.E2E_STATE ??= join(tmpdir(), `melody-e2e-${port}.json`)
// The server and the seeding scripts as JavaScript (e2e/bundle.ts): inside the project, by its packages.
process.env.E2E_BUNDLE ??= `node_modules/.cache/melody-e2e-${port}`

/**
 * Journeys that read what every journey writes: the admin's newest-first activity pages, today's
 * reconciliation of all money, the one administrator's account; and the video export, whose render
 * would otherwise wait for take-apart's (the server renders one video at a time) and overrun its time.
 * They run alone, after the others.
 */
const alone = /\/(admin|adjustments|reconciliation|refunds|video)\.spec\.ts$/

/**
 * Browser journeys against the built app, served by the real server on a fresh database (see e2e/serve.ts),
 * in Debian's Chromium: Playwright downloads no browser. Each journey has people of its own, so two run at
 * once (a file's journeys in order, on one worker): most of a journey is waiting for the server or the
 * page, and a second one fills that time on a 2-core machine.
 */
export default defineConfig({
  testDir: "./e2e",
  workers: 2,
  projects: [
    { name: "journeys", testIgnore: alone },
    { name: "alone", testMatch: alone, workers: 1, dependencies: ["journeys"] },
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: "../test-results",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    headless: true,
    // A failed journey's trace keeps the page's DOM at each step; the screencast of every journey besides
    // cost a fifth of the run's CPU.
    trace: { mode: "retain-on-failure", screenshots: false },
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
    command: `node --import tsx web/e2e/bundle.ts ${process.env.E2E_BUNDLE} && node ${process.env.E2E_BUNDLE}/serve.js`,
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
      // A journey looks for the song it just played on Trending, or just made, in search: looked for
      // again on every read here.
      TRENDING_REFRESH_SECONDS: "0",
      SEARCH_REFRESH_SECONDS: "0",
      // Passkeys need a domain name: passkeys.spec.ts makes and uses them on localhost.
      PASSKEY_ORIGIN: `http://localhost:${port}`,
      E2E_STATE: process.env.E2E_STATE,
      E2E_BUNDLE: process.env.E2E_BUNDLE,
    },
  },
})
