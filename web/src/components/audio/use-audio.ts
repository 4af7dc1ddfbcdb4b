import { useCallback, useEffect, useRef, useState } from "react"

/** One song plays at a time: starting one pauses whichever was playing. */
let playing: HTMLAudioElement | null = null

/** How long a listener must have heard a song for its play to count: 30 s, or half a shorter song. */
const heardEnough = (duration: number) => Math.min(30, duration / 2)

/**
 * An audio element's state for a song's controls: play and pause, where it is, seeking, volume 0-100.
 * `onHeard` is told once the listener has heard enough of it to count a play (time played, not where a
 * seek went), and again when they play it through once more.
 */
export const useAudio = (src: string | null, onHeard?: () => void) => {
  const ref = useRef<HTMLAudioElement>(null)
  const heard = useRef(onHeard)
  heard.current = onHeard
  const [isPlaying, setPlaying] = useState(false)
  const [position, setPosition] = useState(0)
  const [duration, setDuration] = useState(0)
  const [volume, setVolumeState] = useState(100)

  useEffect(() => {
    const audio = ref.current
    // The element comes with the address: a page that loads its song first renders it later.
    if (!audio || !src) return
    const onPlay = () => {
      if (playing && playing !== audio) playing.pause()
      playing = audio
      setPlaying(true)
    }
    let played = 0
    let at = audio.currentTime
    const onPause = () => setPlaying(false)
    const onEnded = () => {
      played = 0
      onPause()
    }
    const onTime = () => {
      const step = audio.currentTime - at
      at = audio.currentTime
      // Between two updates playback moves a fraction of a second; a seek jumps further.
      if (step > 0 && step < 2 && played < heardEnough(audio.duration)) {
        played += step
        if (played >= heardEnough(audio.duration)) heard.current?.()
      }
      setPosition(at)
    }
    const onMeta = () => setDuration(Number.isFinite(audio.duration) ? audio.duration : 0)
    audio.addEventListener("play", onPlay)
    audio.addEventListener("pause", onPause)
    audio.addEventListener("ended", onEnded)
    audio.addEventListener("timeupdate", onTime)
    audio.addEventListener("loadedmetadata", onMeta)
    audio.addEventListener("durationchange", onMeta)
    return () => {
      audio.removeEventListener("play", onPlay)
      audio.removeEventListener("pause", onPause)
      audio.removeEventListener("ended", onEnded)
      audio.removeEventListener("timeupdate", onTime)
      audio.removeEventListener("loadedmetadata", onMeta)
      audio.removeEventListener("durationchange", onMeta)
      if (playing === audio) playing = null
    }
  }, [src])

  const toggle = useCallback(() => {
    const audio = ref.current
    if (!audio || !src) return
    if (audio.paused) void audio.play().catch(() => setPlaying(false))
    else audio.pause()
  }, [src])

  const seek = useCallback((seconds: number) => {
    if (ref.current) ref.current.currentTime = seconds
    setPosition(seconds)
  }, [])

  const setVolume = useCallback((percent: number) => {
    if (ref.current) ref.current.volume = percent / 100
    setVolumeState(percent)
  }, [])

  return { ref, src, isPlaying, position, duration, volume, toggle, seek, setVolume }
}

export type AudioState = ReturnType<typeof useAudio>
