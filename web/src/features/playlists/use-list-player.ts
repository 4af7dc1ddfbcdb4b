import { useEffect, useRef, useState } from "react"
import type { SongView } from "#projections/songs/api.ts"
import { useAudio } from "../../components/audio/use-audio.ts"
import { countPlay } from "../../lib/count-play.ts"

/** The songs in a random order (Fisher-Yates). */
const shuffled = (songs: ReadonlyArray<SongView>) => {
  const order = [...songs]
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[order[i], order[j]] = [order[j]!, order[i]!]
  }
  return order
}

/**
 * Plays a list of songs one after another, in its order or shuffled, through one audio element: each song
 * starts when the last one ends, and a play counts as on any player. The queue is the list as it was when
 * play was pressed: a song moved or taken out meanwhile does not change what plays.
 */
export const useListPlayer = (songs: ReadonlyArray<SongView>) => {
  const [queue, setQueue] = useState<ReadonlyArray<SongView>>([])
  const [at, setAt] = useState(0)
  const current = queue[at]
  const audio = useAudio(current?.audioUrl ?? null, current && countPlay(current.id))
  const wantsPlay = useRef(false)

  // A new song's element arrives with its address: it starts once it is there, if playing was asked for.
  const currentId = current?.id
  useEffect(() => {
    const element = audio.ref.current
    if (currentId === undefined || !element || !wantsPlay.current) return
    void element.play().catch(() => undefined)
  }, [audio.ref, currentId])

  const start = (next: ReadonlyArray<SongView>, from = 0) => {
    wantsPlay.current = true
    setQueue(next)
    setAt(from)
    const element = audio.ref.current
    // The same song again: its element is already there.
    if (element && next[from]?.id === current?.id) {
      element.currentTime = 0
      void element.play().catch(() => undefined)
    }
  }

  const step = (by: number) => {
    const next = at + by
    if (next < 0 || next >= queue.length) return
    wantsPlay.current = true
    setAt(next)
  }

  useEffect(() => {
    const element = audio.ref.current
    if (!element) return
    const onEnded = () => {
      if (at + 1 < queue.length) {
        wantsPlay.current = true
        setAt(at + 1)
      } else wantsPlay.current = false
    }
    element.addEventListener("ended", onEnded)
    return () => element.removeEventListener("ended", onEnded)
  }, [audio.ref, at, queue.length])

  return {
    audio,
    current,
    playAll: () => start(songs),
    shuffle: () => start(shuffled(songs)),
    playFrom: (index: number) => start(songs, index),
    next: () => step(1),
    previous: () => step(-1),
    hasNext: at + 1 < queue.length,
    hasPrevious: at > 0,
  }
}

export type ListPlayer = ReturnType<typeof useListPlayer>
