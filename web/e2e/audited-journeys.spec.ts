import { readdir, readFile } from "node:fs/promises"
import { expect, test } from "./journey-test.ts"

/** Specs whose `test` is Playwright's own, which would walk their pages without the audit. */
const unaudited = (specs: ReadonlyArray<{ readonly name: string; readonly source: string }>) =>
  specs
    .filter(({ source }) => /^import \{[^}]*\btest\b[^}]*\} from "@playwright\/test"/m.test(source))
    .map(({ name }) => name)

test("a spec taking its test from Playwright is caught", () => {
  const source = 'import { expect, test } from "@playwright/test"\n'
  expect(unaudited([{ name: "bad.spec.ts", source }])).toEqual(["bad.spec.ts"])
})

test("every journey has its pages audited for accessibility", async () => {
  const names = (await readdir(import.meta.dirname)).filter((name) => name.endsWith(".spec.ts"))
  const specs = await Promise.all(
    names.map(async (name) => ({
      name,
      source: await readFile(`${import.meta.dirname}/${name}`, "utf8"),
    })),
  )
  expect(unaudited(specs)).toEqual([])
})
