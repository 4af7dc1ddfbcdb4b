import { createContext, useContext, useSyncExternalStore } from "react"
import type { SongView } from "#projections/songs/api.ts"
import { currentSong, playerState, subscribe } from "./player-state.ts"
import type { PlayerSong } from "./queue.ts"

/** A song's controls as a card or a page shows them, whether or not the player is on that song. */
export interface AudioState {
  readonly src: string | null
  readonly isPlaying: boolean
  /** Seconds. */
  readonly position: number
  readonly duration: number
  /** Where it is this very moment, in seconds, for what follows it frame by frame. */
  readonly now: () => number
  /** 0-100, shared by every song: there is one player. */
  readonly volume: number
  readonly toggle: () => void
  readonly seek: (seconds: number) => void
  readonly setVolume: (percent: number) => void
}

type Player = typeof import("./player.ts")
let loaded: Player | undefined

/**
 * The player's code, which no page's first load carries: the layout asks for it once the page is drawn
 * (player-slot.tsx), so a press finds it here and plays at once, within the press; a press before then
 * plays when it comes.
 */
export const loadPlayer = () =>
  import("./player.ts").then((module) => {
    loaded = module
    return module
  })

const withPlayer = (act: (player: Player) => void) => {
  if (loaded) act(loaded)
  else void loadPlayer().then(act)
}

/** A saved song as the player holds it. */
export const playerSongOf = (song: SongView): PlayerSong => ({
  id: song.id,
  saved: true,
  title: song.title,
  audioUrl: song.audioUrl,
  imageUrl: song.imageUrl ?? song.sourceImageUrl,
  by: song.creator.username,
  seconds: (song.duration || 30_000) / 1000,
})

/** The list a song is shown in: its play button plays the list from it, as Suno's and Spotify's do. */
export const PlayerList = createContext<ReadonlyArray<PlayerSong>>([])

/** The player's whole state, for the bar. */
export const usePlayer = () => useSyncExternalStore(subscribe, playerState, playerState)

const idleVolume = () => playerState().volume

/**
 * One song's controls, driving the one player: play starts the list it is shown in from it (or the song
 * alone), and seeking a song that is not playing starts it there. Only the playing song's controls follow
 * its every moment; the others change with the volume alone.
 */
export const useSongAudio = (song: PlayerSong | null): AudioState => {
  const list = useContext(PlayerList)
  const id = song?.id
  const snapshot = useSyncExternalStore(
    subscribe,
    () => (id !== undefined && currentSong()?.id === id ? playerState() : idleVolume()),
    idleVolume,
  )
  const playing = typeof snapshot === "number" ? undefined : snapshot
  const start = (seconds: number) => {
    if (!song) return
    const from = list.findIndex((item) => item.id === song.id)
    withPlayer((player) =>
      from < 0 ? player.playList([song], 0, seconds) : player.playList(list, from, seconds),
    )
  }
  return {
    src: song?.audioUrl ?? null,
    isPlaying: playing?.playing ?? false,
    position: playing?.position ?? 0,
    duration: playing?.duration ?? 0,
    now: () => (playing ? (loaded?.exactPosition() ?? playing.position) : 0),
    volume: playing?.volume ?? (snapshot as number),
    toggle: () => (playing ? withPlayer((player) => player.toggle()) : start(0)),
    seek: (seconds) => (playing ? withPlayer((player) => player.seek(seconds)) : start(seconds)),
    setVolume: (percent) => withPlayer((player) => player.setVolume(percent)),
  }
}
