import { ConfigProvider, Effect, Either } from "effect"
import { describe, expect, it } from "vitest"
import { billingConfig } from "./config.ts"

const read = (env: Record<string, string>) =>
  Effect.runSync(
    Effect.either(
      Effect.withConfigProvider(
        billingConfig,
        ConfigProvider.fromMap(new Map(Object.entries(env))),
      ),
    ),
  )

describe("DAILY_FREE_CREDITS", () => {
  it("is off unless set", () => {
    const config = read({})
    expect(Either.isRight(config) && config.right.dailyFreeCredits).toBe(0)
  })

  it("is a number of credits, 0 or more", () => {
    const config = read({ DAILY_FREE_CREDITS: "5" })
    expect(Either.isRight(config) && config.right.dailyFreeCredits).toBe(5)
    for (const bad of ["-1", "five", "2.5"]) {
      const refused = read({ DAILY_FREE_CREDITS: bad })
      expect(Either.isLeft(refused), bad).toBe(true)
      if (Either.isLeft(refused)) expect(String(refused.left)).toContain("DAILY_FREE_CREDITS")
    }
  })
})
