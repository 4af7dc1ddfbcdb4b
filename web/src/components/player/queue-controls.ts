import { jump, pause, playList, seek, stop } from "./player.ts"
import { currentSong, playerState, set } from "./player-state.ts"
import { type PlayerSong, type Queue, type Repeat, shuffledAround } from "./queue.ts"

// What the bar, the keys, the lock screen and a song's other actions do with the queue: kept apart from
// the player itself, so a page that only plays songs loads none of it.

/** Where Next goes: the next song, or the first again when the queue repeats. */
export const nextOf = (queue: Queue, repeat: Repeat): number | undefined =>
  queue.at + 1 < queue.songs.length ? queue.at + 1 : repeat === "all" ? 0 : undefined

/** Where Previous goes: the song before, or the last when the queue repeats. */
export const previousOf = (queue: Queue, repeat: Repeat): number | undefined =>
  queue.at > 0
    ? queue.at - 1
    : repeat === "all" && queue.songs.length > 1
      ? queue.songs.length - 1
      : undefined

/** A song to play right after the current one. */
export const withNext = (queue: Queue, song: PlayerSong): Queue => ({
  songs: [...queue.songs.slice(0, queue.at + 1), song, ...queue.songs.slice(queue.at + 1)],
  at: queue.at,
})

/** A song to play after every other in the queue. */
export const withLast = (queue: Queue, song: PlayerSong): Queue => ({
  songs: [...queue.songs, song],
  at: queue.at,
})

/** The queue without one of its songs: taking out the current one leaves the next one current. */
export const without = (queue: Queue, index: number): Queue => ({
  songs: queue.songs.filter((_, at) => at !== index),
  at: index < queue.at ? queue.at - 1 : Math.max(0, Math.min(queue.at, queue.songs.length - 2)),
})

export const playNext = (song: PlayerSong) => {
  const { queue, given } = playerState()
  if (!currentSong()) return playList([song])
  set({ queue: withNext(queue, song), given: [...given, song] })
}

export const addToQueue = (song: PlayerSong) => {
  const { queue, given } = playerState()
  if (!currentSong()) return playList([song])
  set({ queue: withLast(queue, song), given: [...given, song] })
}

/** Takes a song out of the queue; taking out the one playing plays the next, or stops. */
export const remove = (index: number) => {
  const state = playerState()
  const removing = state.queue.songs[index]
  if (!removing) return
  const playingIt = index === state.queue.at
  const queue = without(state.queue, index)
  set({ queue, given: state.given.filter((song) => song !== removing) })
  if (!playingIt) return
  if (queue.songs.length === 0 || index >= queue.songs.length) {
    if (queue.songs.length === 0) stop()
    else pause()
  } else jump(queue.at)
}

/** Shuffle on: the songs after the current one play in a random order; off: in the order given. */
export const setShuffle = (on: boolean) => {
  const state = playerState()
  const current = currentSong()
  const queue = on
    ? shuffledAround(state.queue)
    : { songs: state.given, at: Math.max(0, current ? state.given.indexOf(current) : 0) }
  set({ shuffle: on, queue })
}

const repeats: ReadonlyArray<Repeat> = ["off", "all", "one"]

/** Off, then the whole queue, then the one song, then off again. */
export const cycleRepeat = () =>
  set({ repeat: repeats[(repeats.indexOf(playerState().repeat) + 1) % repeats.length]! })

/** Where Next would go: undefined at the end of a queue that does not repeat. */
export const nextIndex = () => nextOf(playerState().queue, playerState().repeat)

export const next = () => {
  const index = nextIndex()
  if (index !== undefined) jump(index)
}

/** Back to the start of the song when past its first seconds, as every player does; else the one before. */
export const previous = () => {
  const { queue, repeat, position } = playerState()
  const index = previousOf(queue, repeat)
  if (position > 3 || index === undefined) seek(0)
  else jump(index)
}
