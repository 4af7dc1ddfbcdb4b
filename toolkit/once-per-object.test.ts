import { describe, expect, it } from "vitest"
import { oncePerObject } from "./once-per-object.ts"

describe("oncePerObject", () => {
  it("makes a value once per object, and again for another object however equal", () => {
    let made = 0
    const titled = oncePerObject((song: { readonly title: string }) => ({
      upper: song.title.toUpperCase(),
      number: ++made,
    }))
    const song = { title: "harbor" }
    const first = titled(song)
    expect(titled(song)).toBe(first)
    expect(first).toEqual({ upper: "HARBOR", number: 1 })
    expect(titled({ title: "harbor" })).toEqual({ upper: "HARBOR", number: 2 })
  })

  it("remembers a value that is undefined as made", () => {
    let made = 0
    const nothing = oncePerObject((_: object) => {
      made++
      return undefined
    })
    const key = {}
    nothing(key)
    nothing(key)
    expect(made).toBe(1)
  })
})
