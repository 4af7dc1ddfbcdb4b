import { useMemo } from "react"
import type { SongView } from "#projections/songs/api.ts"
import * as player from "../../components/player/player.ts"
import { setShuffle } from "../../components/player/queue-controls.ts"
import { playerSongOf, usePlayer } from "../../components/player/use-player.ts"

/**
 * A list's songs in the one player: all of them in order, shuffled, or from one of them on. The queue is
 * the list as it was when play was pressed: a song moved or taken out meanwhile does not change what plays.
 */
export const useListPlayer = (songs: ReadonlyArray<SongView>) => {
  const state = usePlayer()
  const list = useMemo(() => songs.map(playerSongOf), [songs])
  const current = state.queue.songs[state.queue.at]
  const inOrder = (from: number) => {
    setShuffle(false)
    player.playList(list, from)
  }
  return {
    current,
    isPlaying: state.playing,
    playAll: () => inOrder(0),
    shuffle: () => {
      setShuffle(true)
      player.playList(list, Math.floor(Math.random() * list.length))
    },
    playFrom: (index: number) => player.playList(list, index),
    toggle: player.toggle,
  }
}

export type ListPlayer = ReturnType<typeof useListPlayer>
