import { describe, expect, it } from "vitest"
import { afterEnd, type PlayerSong, type Queue, shuffledAround } from "./queue.ts"
import { nextOf, previousOf, withLast, withNext, without } from "./queue-controls.ts"

const song = (id: string): PlayerSong => ({
  id,
  saved: true,
  title: `Song ${id}`,
  audioUrl: `/api/songs/${id}/audio`,
  imageUrl: null,
  by: "someone",
  seconds: 30,
})
const [a, b, c, d] = ["a", "b", "c", "d"].map(song) as [
  PlayerSong,
  PlayerSong,
  PlayerSong,
  PlayerSong,
]
const ids = (queue: Queue) => ({ songs: queue.songs.map((item) => item.id), at: queue.at })

describe("the player's queue", () => {
  it("goes on after a song, to the first again when it repeats, and stays on a song repeated", () => {
    expect(afterEnd({ songs: [a, b], at: 0 }, "off")).toBe(1)
    expect(afterEnd({ songs: [a, b], at: 1 }, "off")).toBeUndefined()
    expect(afterEnd({ songs: [a, b], at: 1 }, "all")).toBe(0)
    expect(afterEnd({ songs: [a, b], at: 1 }, "one")).toBe(1)
    expect(afterEnd({ songs: [], at: 0 }, "all")).toBeUndefined()
  })

  it("moves next and previous within the queue, and around it when it repeats", () => {
    expect(nextOf({ songs: [a, b, c], at: 1 }, "off")).toBe(2)
    expect(nextOf({ songs: [a, b, c], at: 2 }, "off")).toBeUndefined()
    expect(nextOf({ songs: [a, b, c], at: 2 }, "all")).toBe(0)
    expect(previousOf({ songs: [a, b, c], at: 1 }, "off")).toBe(0)
    expect(previousOf({ songs: [a, b, c], at: 0 }, "off")).toBeUndefined()
    expect(previousOf({ songs: [a, b, c], at: 0 }, "all")).toBe(2)
    expect(previousOf({ songs: [a], at: 0 }, "all")).toBeUndefined()
  })

  it("plays a song next, or last, without moving the one playing", () => {
    expect(ids(withNext({ songs: [a, b, c], at: 0 }, d))).toEqual({
      songs: ["a", "d", "b", "c"],
      at: 0,
    })
    expect(ids(withNext({ songs: [a, b, c], at: 2 }, d))).toEqual({
      songs: ["a", "b", "c", "d"],
      at: 2,
    })
    expect(ids(withLast({ songs: [a, b], at: 1 }, a))).toEqual({ songs: ["a", "b", "a"], at: 1 })
  })

  it("takes a song out, keeping the one playing, or the next when it was the one", () => {
    expect(ids(without({ songs: [a, b, c], at: 2 }, 0))).toEqual({ songs: ["b", "c"], at: 1 })
    expect(ids(without({ songs: [a, b, c], at: 0 }, 2))).toEqual({ songs: ["a", "b"], at: 0 })
    expect(ids(without({ songs: [a, b, c], at: 1 }, 1))).toEqual({ songs: ["a", "c"], at: 1 })
    expect(ids(without({ songs: [a, b, c], at: 2 }, 2))).toEqual({ songs: ["a", "b"], at: 1 })
    expect(ids(without({ songs: [a], at: 0 }, 0))).toEqual({ songs: [], at: 0 })
  })

  it("shuffles the songs around the one playing, which stays first, losing none", () => {
    let seed = 7
    const random = () => {
      seed = (seed * 16807) % 2147483647
      return seed / 2147483647
    }
    const orders = new Set<string>()
    for (let run = 0; run < 20; run++) {
      const shuffled = shuffledAround({ songs: [a, b, c, d], at: 2 }, random)
      expect(shuffled.at).toBe(0)
      expect(shuffled.songs[0]).toBe(c)
      expect(shuffled.songs.map((item) => item.id).toSorted()).toEqual(["a", "b", "c", "d"])
      orders.add(shuffled.songs.map((item) => item.id).join(""))
    }
    expect(orders.size).toBeGreaterThan(1)
    expect(shuffledAround({ songs: [], at: 0 })).toEqual({ songs: [], at: 0 })
  })
})
