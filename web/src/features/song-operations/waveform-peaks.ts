import { useQuery } from "@tanstack/react-query"

/** How many bars the waveform draws. */
export const waveformBars = 160

/** The loudest sample of each of `bars` equal stretches of the audio, from 0 to 1. */
const peaksOf = (audio: AudioBuffer, bars: number) => {
  const channel = audio.getChannelData(0)
  const size = Math.max(1, Math.floor(channel.length / bars))
  return Array.from({ length: bars }, (_, bar) => {
    let peak = 0
    for (let i = bar * size, end = Math.min(channel.length, i + size); i < end; i += 8)
      peak = Math.max(peak, Math.abs(channel[i]!))
    return Math.min(1, peak)
  })
}

/**
 * The song's waveform, decoded in the browser from the MP3 it already plays. A browser that cannot decode
 * it gets no waveform: the seconds fields still choose the stretch.
 */
export const useWaveformPeaks = (audioUrl: string) =>
  useQuery({
    queryKey: ["waveform", audioUrl],
    queryFn: async () => {
      const response = await fetch(audioUrl, { credentials: "same-origin" })
      if (!response.ok) throw new Error("The song's audio could not be read")
      // Decoding needs no speakers: an offline context at a low rate decodes fast and plays nothing.
      const context = new OfflineAudioContext(1, 1, 8000)
      return peaksOf(await context.decodeAudioData(await response.arrayBuffer()), waveformBars)
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
