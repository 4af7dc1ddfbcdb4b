import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { Moderation } from "#toolkit/content-checks/index.ts"
import { flaggedCategories, WordListModerationLive } from "./word-list.ts"

describe("the offline word list", () => {
  it("flags the list's phrases as whole words, however they are cased, spaced or masked", () => {
    expect(flaggedCategories("just KYS already")).toEqual(["harassment"])
    expect(flaggedCategories("go kill-yourself")).toEqual(["harassment"])
    expect(flaggedCategories("k1ll y0urs3lf")).toEqual(["harassment"])
    expect(flaggedCategories("Sieg Heil!")).toEqual(["hate"])
    expect(flaggedCategories("white power, kill yourself")).toEqual(["harassment", "hate"])
  })

  it("passes what songs are made of: love, loss, violence and despair", () => {
    for (const text of [
      "I could kill for a kiss tonight",
      "Skyscrapers and white powder snow",
      "Keys in my pocket, I'm leaving this town",
      "Bury me deep where the river runs, I want to die in your arms",
      "Sieging the heights, heiling the dawn",
    ]) {
      expect(flaggedCategories(text), text).toEqual([])
    }
  })

  it("answers one verdict per text, in order", async () => {
    const verdicts = await Effect.runPromise(
      Effect.flatMap(Moderation, (moderation) =>
        moderation.classify(["Hello there", "kys", ""]),
      ).pipe(Effect.provide(WordListModerationLive)),
    )
    expect(verdicts).toEqual([
      { flagged: false, categories: [] },
      { flagged: true, categories: ["harassment"] },
      { flagged: false, categories: [] },
    ])
  })
})
