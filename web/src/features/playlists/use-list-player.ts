import { useEffect, useRef, useState } from "react"
import type { SongView } from "#projections/songs/api.ts"
import { useAudio } from "../../components/audio/use-audio.ts"
import { countPlay } from "../../lib/count-play.ts"

/** Indexes 0 to n-1 in a random order (Fisher-Yates). */
const shuffled = (n: number) => {
  const order = Array.from({ length: n }, (_, i) => i)
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[order[i], order[j]] = [order[j]!, order[i]!]
  }
  return order
}

/**
 * Plays a list of songs one after another, in its order or shuffled, through one audio element: each song
 * starts when the last one ends, and a play counts as on any player.
 */
export const useListPlayer = (songs: ReadonlyArray<SongView>) => {
  const [order, setOrder] = useState<ReadonlyArray<number>>([])
  const [at, setAt] = useState(0)
  const current = songs[order[at] ?? -1]
  const audio = useAudio(current?.audioUrl ?? null, current && countPlay(current.id))
  const wantsPlay = useRef(false)

  // A new song's element arrives with its address: it starts once it is there, if playing was asked for.
  const currentId = current?.id
  useEffect(() => {
    const element = audio.ref.current
    if (currentId === undefined || !element || !wantsPlay.current) return
    void element.play().catch(() => undefined)
  }, [audio.ref, currentId])

  const start = (next: ReadonlyArray<number>, from = 0) => {
    wantsPlay.current = true
    setOrder(next)
    setAt(from)
    const element = audio.ref.current
    // The same song again: its element is already there.
    if (element && songs[next[from]!]?.id === current?.id) {
      element.currentTime = 0
      void element.play().catch(() => undefined)
    }
  }

  const step = (by: number) => {
    const next = at + by
    if (next < 0 || next >= order.length) return
    wantsPlay.current = true
    setAt(next)
  }

  useEffect(() => {
    const element = audio.ref.current
    if (!element) return
    const onEnded = () => {
      if (at + 1 < order.length) {
        wantsPlay.current = true
        setAt(at + 1)
      } else wantsPlay.current = false
    }
    element.addEventListener("ended", onEnded)
    return () => element.removeEventListener("ended", onEnded)
  }, [audio.ref, at, order.length])

  const inOrder = () => Array.from({ length: songs.length }, (_, i) => i)
  return {
    audio,
    current,
    playAll: () => start(inOrder()),
    shuffle: () => start(shuffled(songs.length)),
    playFrom: (index: number) => start(inOrder(), index),
    next: () => step(1),
    previous: () => step(-1),
    hasNext: at + 1 < order.length,
    hasPrevious: at > 0,
  }
}

export type ListPlayer = ReturnType<typeof useListPlayer>
