import { describe, expect, it } from "@effect/vitest"
import { parseTemplate } from "./lyric-lines.ts"
import { genreTemplates, nameHooks, type Role, templates } from "./lyric-templates.ts"

const tones = ["bright", "tender", "blue", "fierce"] as const

const everyTemplate = (): Array<{ role: Role; text: string }> => [
  ...(Object.keys(templates) as Array<Role>).flatMap((role) =>
    Object.values(templates[role]).flatMap((texts) =>
      (texts ?? []).map((text) => ({ role, text })),
    ),
  ),
  ...Object.values(genreTemplates).flatMap((roles) =>
    Object.entries(roles ?? {}).flatMap(([role, texts]) =>
      (texts ?? []).map((text) => ({ role: role as Role, text })),
    ),
  ),
  ...nameHooks.map((text) => ({ role: "hook" as Role, text })),
]

const inline =
  /^\{(theme|loved|object|idea|teacher|cause|root|someone|doing|pursuit|place|sound|sight|hue|title)\}$/

describe("templates", () => {
  it("end with exactly one rhyme slot and use only known slots", () => {
    for (const { text } of everyTemplate()) {
      const template = parseTemplate(text)
      expect(template, text).toBeDefined()
      const slots = text.match(/\{[^}]*\}/g) ?? []
      const last = slots.pop()
      expect(text.endsWith(last ?? "-"), text).toBe(true)
      for (const slot of slots) expect(slot, text).toMatch(inline)
    }
  })

  it("carry what their role is for: the theme, the imagery, the activity, the title", () => {
    const needs: Partial<Record<Role, RegExp>> = {
      memory: /\{(theme|loved|object|idea|teacher|cause|root|someone)\}/,
      now: /\{(theme|loved|object|idea|teacher|cause|root|someone)\}/,
      scene: /\{(place|sound|sight)\}/,
      return: /\{(place|sound|sight)\}/,
      doing: /\{(doing|pursuit)\}/,
      hook: /\{title\}/,
    }
    for (const { role, text } of everyTemplate()) {
      const need = needs[role]
      if (need !== undefined) expect(text, `${role}: ${text}`).toMatch(need)
    }
  })

  it("give every role several lines in every tone", () => {
    for (const role of Object.keys(templates) as Array<Role>) {
      for (const tone of tones) {
        const count = (templates[role].any?.length ?? 0) + (templates[role][tone]?.length ?? 0)
        expect(count, `${role} ${tone}`).toBeGreaterThanOrEqual(role === "doing" ? 5 : 6)
      }
    }
  })

  it("list each line once per role and tone", () => {
    for (const set of Object.values(templates)) {
      for (const texts of Object.values(set)) expect(new Set(texts).size).toBe(texts?.length)
    }
  })
})
