import { defineConfig } from "vitest/config"

const folders = "{api,events,toolkit,modules,stand-ins,projections,app,bench,web/src}"

export default defineConfig({
  test: {
    // Renders take real seconds: a loaded 2-core machine runs the longest near a minute.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Most files wait on PostgreSQL, servers and children more than they compute: two at a time on a
    // 2-core machine (Vitest's default there is one) keep both cores busy.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [`${folders}/**/*.test.{ts,tsx}`],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
          // Pure tests share a process and the modules it has loaded: loading them again for each file
          // took longer than most files' tests. Integration files keep a fresh process each: sharing
          // one, some of them fail on what an earlier file's app left in its modules.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: [`${folders}/**/*.int.test.ts`],
          globalSetup: ["events/test-global-setup.ts", "app/server-bundle-setup.ts"],
        },
      },
    ],
  },
})
