/**
 * The timeline's order of public songs, held in memory: most liked first, then newest, then by id (the
 * order of the `timeline_songs_ranked` index). A page is then a slice of song ids, read by id, at any
 * depth; and a like moves one song instead of making every page be counted again from the top.
 */

/** Where a public song stands: its likes, its creation time in microseconds since 1970, its id. */
export interface Placed {
  readonly songId: string
  readonly likes: number
  readonly createdMicros: number
}

/** The state of the read model an order was read at (see timeline.ts: the log of changes and its counters). */
export interface OrderState {
  /** Names the timeline's state, as `readTimelineStamp` does. */
  readonly stamp: string
  /** When the log started: a rebuild starts a new one, whose sequence numbers mean nothing to the old. */
  readonly startedAt: string
  readonly lastSeq: number
  readonly prunedThrough: number
}

/** A song the log says changed since the order was read, and where it stands now (undefined: not public). */
export interface Moved {
  readonly songId: string
  readonly now: Placed | undefined
}

/** A page cut from the order. */
export interface OrderPage {
  readonly songIds: ReadonlyArray<string>
  /** How many songs are public. */
  readonly total: number
  /** The log position the order stood at. */
  readonly snapshot: number
}

/** Negative when `a` comes first. Ids compare by code point, as the database's C collation does. */
export const byRank = (a: Placed, b: Placed) =>
  b.likes - a.likes ||
  b.createdMicros - a.createdMicros ||
  (a.songId < b.songId ? 1 : a.songId > b.songId ? -1 : 0)

/** Past this many moved songs, sorting the order again is cheaper than moving them one by one. */
const movesBeforeSorting = 256

export const makeTimelineOrder = () => {
  let entries: Array<Placed> = []
  const byId = new Map<string, Placed>()
  let at: OrderState | undefined

  /** The first index whose song does not come before `key`. */
  const indexOf = (key: Placed) => {
    let low = 0
    let high = entries.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (byRank(entries[middle]!, key) < 0) low = middle + 1
      else high = middle
    }
    return low
  }

  const moveOne = ({ songId, now }: Moved) => {
    const was = byId.get(songId)
    if (was !== undefined) {
      entries.splice(indexOf(was), 1)
      byId.delete(songId)
    }
    if (now !== undefined) {
      entries.splice(indexOf(now), 0, now)
      byId.set(songId, now)
    }
  }

  const sortAgain = (moved: ReadonlyArray<Moved>) => {
    const gone = new Set(moved.map((m) => m.songId))
    const placed = moved.flatMap((m) => (m.now === undefined ? [] : [m.now]))
    entries = entries.filter((entry) => !gone.has(entry.songId)).concat(placed)
    entries.sort(byRank)
    for (const songId of gone) byId.delete(songId)
    for (const entry of placed) byId.set(entry.songId, entry)
  }

  return {
    /** The state the order was last read at; undefined before it was read. */
    get at() {
      return at
    },

    /** The whole order, read at `state`, as the database sorted it. */
    reset(state: OrderState, placed: ReadonlyArray<Placed>) {
      entries = [...placed]
      byId.clear()
      for (const entry of entries) byId.set(entry.songId, entry)
      at = state
    },

    /**
     * Brings the order from its state to `state`, given every song the log says changed in between.
     * Answers whether its songs changed (one became public, or stopped being): else only places moved.
     */
    advance(state: OrderState, moved: ReadonlyArray<Moved>): boolean {
      const joinedOrLeft = moved.some((move) => byId.has(move.songId) !== (move.now !== undefined))
      if (moved.length > movesBeforeSorting) sortAgain(moved)
      else for (const move of moved) moveOne(move)
      at = state
      return joinedOrLeft
    },

    /** The ids of a page, with the count of public songs and the log position the order stands at. */
    page(offset: number, limit: number): OrderPage {
      return {
        songIds: entries.slice(offset, offset + limit).map((entry) => entry.songId),
        total: entries.length,
        snapshot: at?.lastSeq ?? 0,
      }
    },
  }
}
