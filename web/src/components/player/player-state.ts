import type { PlayerSong, Queue, Repeat } from "./queue.ts"

// What the player is doing, apart from the player itself: a song's controls read it on every page's first
// load, while the player's code comes after (see use-player.ts).

/** Everything the player bar and the songs' buttons show. */
export interface PlayerState {
  readonly queue: Queue
  /** The queue in the order it was given, to go back to when shuffle is turned off. */
  readonly given: ReadonlyArray<PlayerSong>
  readonly playing: boolean
  readonly position: number
  readonly duration: number
  /** 0-100. */
  readonly volume: number
  readonly shuffle: boolean
  readonly repeat: Repeat
}

let state: PlayerState = {
  queue: { songs: [], at: 0 },
  given: [],
  playing: false,
  position: 0,
  duration: 0,
  volume: 100,
  shuffle: false,
  repeat: "off",
}
const listeners = new Set<() => void>()

/** Changes the state and tells every listener. */
export const set = (change: Partial<PlayerState>) => {
  state = { ...state, ...change }
  for (const listener of listeners) listener()
}

export const playerState = () => state
export const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
export const currentSong = (): PlayerSong | undefined => state.queue.songs[state.queue.at]
