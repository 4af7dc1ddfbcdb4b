import { describe, it } from "@effect/vitest"
import { SongPlayed } from "#events/contracts/catalog.ts"
import { given } from "#events/testing.ts"
import { play } from "./play.ts"

const at = (time: string) => new Date(`2026-11-29T${time}Z`)
const listened = (time: string) => ({ songId: "s1", listener: "user:fan", at: at(time) })
const played = (time: string) =>
  new SongPlayed({ songId: "s1", listener: "user:fan", playedAt: at(time) })

describe("a listener's plays of a song", () => {
  it("count the first time", () => {
    given(play, [])
      .when(listened("20:00:00"))
      .thenEmits([played("20:00:00")])
  })

  it("count once per half hour: again within it counts nothing, after it counts again", () => {
    given(play, [played("20:00:00")])
      .when(listened("20:29:59"))
      .thenNothing()
    given(play, [played("20:00:00")])
      .when(listened("20:30:00"))
      .thenEmits([played("20:30:00")])
    given(play, [played("19:00:00"), played("20:00:00")])
      .when(listened("20:10:00"))
      .thenNothing()
  })
})
