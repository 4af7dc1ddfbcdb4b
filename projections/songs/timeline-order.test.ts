import { describe, expect, it } from "@effect/vitest"
import {
  byRank,
  type Moved,
  makeTimelineOrder,
  type OrderState,
  type Placed,
} from "./timeline-order.ts"

/** A small deterministic generator, so that a failure can be replayed. */
const randomFrom = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
  return seed / 2_147_483_648
}

const stateAt = (lastSeq: number): OrderState => ({
  stamp: `s/${lastSeq}`,
  startedAt: "v",
  lastSeq,
  prunedThrough: 0,
})

/** Few like counts and creation times, so that many songs tie on them and the id decides. */
const placedAt = (random: () => number, songId: string): Placed => ({
  songId,
  likes: Math.floor(random() * 4),
  createdMicros: 1_700_000_000_000_000 + Math.floor(random() * 3),
})

describe("timeline order", () => {
  it("stays the order a full sort gives, through many small and large batches of moves", () => {
    const random = randomFrom(7)
    const songs = new Map<string, Placed>()
    for (let n = 0; n < 2_000; n++) {
      const id = `song-${n.toString(36)}`
      if (random() < 0.9) songs.set(id, placedAt(random, id))
    }
    const order = makeTimelineOrder()
    order.reset(stateAt(0), [...songs.values()].sort(byRank))
    for (let batch = 1; batch <= 40; batch++) {
      // Every fifth batch is larger than the order moves one song at a time.
      const size = batch % 5 === 0 ? 400 : 1 + Math.floor(random() * 20)
      const moved: Array<Moved> = []
      for (let m = 0; m < size; m++) {
        const id = `song-${Math.floor(random() * 2_100).toString(36)}`
        if (moved.some((move) => move.songId === id)) continue
        const now = random() < 0.15 ? undefined : placedAt(random, id)
        if (now === undefined) songs.delete(id)
        else songs.set(id, now)
        moved.push({ songId: id, now })
      }
      order.advance(stateAt(batch), moved)
      const expected = [...songs.values()].sort(byRank).map((song) => song.songId)
      const all = order.page(0, expected.length + 10)
      expect(all.songIds, `batch ${batch}`).toEqual(expected)
      expect(all.total).toBe(expected.length)
      expect(all.snapshot).toBe(batch)
    }
  })

  it("cuts pages from the order, and an empty page past its end", () => {
    const order = makeTimelineOrder()
    expect(order.at).toBeUndefined()
    const placed = ["d", "c", "b", "a"].map((songId) => ({ songId, likes: 1, createdMicros: 5 }))
    order.reset(stateAt(3), placed)
    expect(order.at).toEqual(stateAt(3))
    expect(order.page(1, 2)).toEqual({ songIds: ["c", "b"], total: 4, snapshot: 3 })
    expect(order.page(4, 2)).toEqual({ songIds: [], total: 4, snapshot: 3 })
    // A like puts "a" first; a new song with as many likes but older comes after it.
    order.advance(stateAt(5), [
      { songId: "a", now: { songId: "a", likes: 2, createdMicros: 5 } },
      { songId: "e", now: { songId: "e", likes: 2, createdMicros: 4 } },
      { songId: "c", now: undefined },
    ])
    expect(order.page(0, 10)).toEqual({ songIds: ["a", "e", "d", "b"], total: 4, snapshot: 5 })
  })

  it("tells whether a batch changed which songs it holds, or only where they stand", () => {
    const order = makeTimelineOrder()
    order.reset(stateAt(1), [
      { songId: "a", likes: 2, createdMicros: 5 },
      { songId: "b", likes: 1, createdMicros: 5 },
    ])
    // Likes only: "b" moves up, and the songs are the same.
    expect(
      order.advance(stateAt(2), [
        { songId: "b", now: { songId: "b", likes: 3, createdMicros: 5 } },
      ]),
    ).toBe(false)
    // A song made private leaves; one made public joins; one that was not public stays out.
    expect(order.advance(stateAt(3), [{ songId: "a", now: undefined }])).toBe(true)
    expect(
      order.advance(stateAt(4), [
        { songId: "c", now: { songId: "c", likes: 0, createdMicros: 6 } },
      ]),
    ).toBe(true)
    expect(order.advance(stateAt(5), [{ songId: "z", now: undefined }])).toBe(false)
    expect(order.page(0, 10).songIds).toEqual(["b", "c"])
  })

  it("ranks most liked first, then newest, then the greater id", () => {
    const song = (songId: string, likes: number, createdMicros: number) => ({
      songId,
      likes,
      createdMicros,
    })
    const sorted = [song("a", 1, 1), song("b", 2, 1), song("c", 1, 2), song("d", 1, 1)].sort(byRank)
    expect(sorted.map((s) => s.songId)).toEqual(["b", "c", "d", "a"])
  })
})
