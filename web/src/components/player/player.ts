import { countPlay } from "../../lib/count-play.ts"
import { currentSong, playerState, set } from "./player-state.ts"
import { afterEnd, type PlayerSong, shuffledAround } from "./queue.ts"

/** How long a listener must have heard a song for its play to count: 30 s, or half a shorter song. */
const heardEnough = (duration: number) => Math.min(30, duration / 2)

/**
 * The one audio element every song plays through, made on the first play and kept outside React, so a
 * song goes on playing whatever page is shown, and only one ever plays.
 */
let element: HTMLAudioElement | undefined
let heard = 0
// Whether the person (or the app for them) paused it: a song that ends at the moment they pause it
// still fires its end, which must cue the next song, not play it over their pause.
let pausedOnPurpose = false

const audio = () => {
  if (element) return element
  const made = document.createElement("audio")
  made.preload = "auto"
  made.hidden = true
  document.body.append(made)
  let at = 0
  made.addEventListener("play", () => {
    pausedOnPurpose = false
    set({ playing: true })
  })
  made.addEventListener("pause", () => set({ playing: false }))
  made.addEventListener("timeupdate", () => {
    const step = made.currentTime - at
    at = made.currentTime
    // Between two updates playback moves a fraction of a second; a seek jumps further.
    const enough = heardEnough(made.duration)
    if (step > 0 && step < 2 && heard < enough) {
      heard += step
      const song = currentSong()
      if (heard >= enough && song?.saved) countPlay(song.id)()
    }
    set({ position: at })
  })
  const onMeta = () => set({ duration: Number.isFinite(made.duration) ? made.duration : 0 })
  made.addEventListener("loadedmetadata", onMeta)
  made.addEventListener("durationchange", onMeta)
  made.addEventListener("ended", () => {
    heard = 0
    const next = afterEnd(playerState().queue, playerState().repeat)
    if (next === undefined) set({ playing: false })
    else jump(next, 0, !pausedOnPurpose)
  })
  element = made
  return made
}

/** Plays the queue's song at `index`, from `seconds` in (or only cues it there). */
export const jump = (index: number, seconds = 0, play = true) => {
  const song = playerState().queue.songs[index]
  if (!song) return
  const player = audio()
  const same = currentSong()?.audioUrl === song.audioUrl && player.src !== ""
  heard = 0
  set({
    queue: { ...playerState().queue, at: index },
    position: seconds,
    duration: same ? playerState().duration : 0,
  })
  if (!same) player.src = song.audioUrl
  player.currentTime = seconds
  if (play) void player.play().catch(() => set({ playing: false }))
}

/** Plays `songs` from the one at `from` (from `seconds` into it): the queue becomes that list as it is now. */
export const playList = (songs: ReadonlyArray<PlayerSong>, from = 0, seconds = 0) => {
  const queue = { songs, at: from }
  set({ given: songs, queue: playerState().shuffle ? shuffledAround(queue) : queue })
  jump(playerState().queue.at, seconds)
}

export const toggle = () => {
  if (!element || !currentSong()) return
  if (element.paused) void element.play().catch(() => set({ playing: false }))
  else pause()
}

export const pause = () => {
  pausedOnPurpose = true
  element?.pause()
}

/** Stops with nothing left to play: the queue was emptied. */
export const stop = () => {
  pause()
  element?.removeAttribute("src")
}

/** Stops and forgets the queue: someone else is signed in now, and its songs may be private. */
export const forget = () => {
  stop()
  set({ queue: { songs: [], at: 0 }, given: [], playing: false, position: 0, duration: 0 })
}

/** Where the playing song is this very moment: the state's position moves only a few times a second. */
export const exactPosition = () => element?.currentTime ?? playerState().position

export const seek = (seconds: number) => {
  if (element) element.currentTime = seconds
  set({ position: seconds })
}

export const setVolume = (percent: number) => {
  if (element) element.volume = percent / 100
  set({ volume: percent })
}
