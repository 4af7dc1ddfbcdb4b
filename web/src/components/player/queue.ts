/** A song as the player holds it: what it plays, and what it shows on the bar and the lock screen. */
export interface PlayerSong {
  /** The saved song (its plays are counted, its waveform drawn), or a version still being made. */
  readonly id: string
  readonly saved: boolean
  readonly title: string
  readonly audioUrl: string
  readonly imageUrl: string | null
  readonly by: string | null
  /** How long it is, until its audio says. */
  readonly seconds: number
}

/** What plays after the last song: nothing, the queue again, or the same song again. */
export type Repeat = "off" | "all" | "one"

/** The songs to play, in the order they play, and which one is playing. */
export interface Queue {
  readonly songs: ReadonlyArray<PlayerSong>
  readonly at: number
}

/** The songs in a random order (Fisher-Yates). */
export const shuffled = <A>(items: ReadonlyArray<A>, random = Math.random): ReadonlyArray<A> => {
  const order = [...items]
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[order[i], order[j]] = [order[j]!, order[i]!]
  }
  return order
}

/** The playing song first, the others after it in a random order: shuffling never skips the current. */
export const shuffledAround = (queue: Queue, random = Math.random): Queue => {
  const current = queue.songs[queue.at]
  if (!current) return queue
  const rest = queue.songs.filter((_, index) => index !== queue.at)
  return { songs: [current, ...shuffled(rest, random)], at: 0 }
}

/** Where playing goes when a song ends, or undefined when it stops there. */
export const afterEnd = (queue: Queue, repeat: Repeat): number | undefined => {
  if (repeat === "one") return queue.at
  if (queue.at + 1 < queue.songs.length) return queue.at + 1
  return repeat === "all" && queue.songs.length > 0 ? 0 : undefined
}
