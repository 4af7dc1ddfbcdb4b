import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: [
      "{events,toolkit,modules,stand-ins,projections,app,bench,web/src}/**/*.test.{ts,tsx}",
    ],
    globalSetup: ["events/test-global-setup.ts"],
    // Renders take real seconds: a loaded 2-core machine runs the longest near a minute.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Most files wait on PostgreSQL, servers and children more than they compute: two at a time on a
    // 2-core machine (Vitest's default there is one) keep both cores busy.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
})
