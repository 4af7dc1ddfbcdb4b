import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: [
      "{events,toolkit,modules,stand-ins,projections,app,bench,web/src}/**/*.test.{ts,tsx}",
    ],
    globalSetup: ["events/test-global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
})
