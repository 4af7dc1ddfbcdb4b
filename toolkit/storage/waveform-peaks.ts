/** How many slices a song's waveform has: enough for the widest player bar, a few hundred bytes. */
export const waveformSlices = 160

/**
 * The waveform of mono 16-bit little-endian PCM: the loudest sample of each of `slices` equal slices, as
 * 0-100 of the loudest slice, so a quiet song draws as tall as a loud one. Silence draws flat.
 */
export const peaksOf = (pcm: Uint8Array, slices = waveformSlices): ReadonlyArray<number> => {
  // 16-bit samples are read from an even address; a buffer that starts at an odd one is copied first.
  const aligned = pcm.byteOffset % 2 === 0 ? pcm : pcm.slice()
  const samples = new Int16Array(aligned.buffer, aligned.byteOffset, Math.floor(pcm.byteLength / 2))
  const peaks = new Array<number>(slices).fill(0)
  if (samples.length === 0) return peaks
  for (let slice = 0; slice < slices; slice++) {
    const from = Math.floor((slice * samples.length) / slices)
    const to = Math.max(from + 1, Math.floor(((slice + 1) * samples.length) / slices))
    let peak = 0
    for (let i = from; i < to && i < samples.length; i++) {
      const level = Math.abs(samples[i]!)
      if (level > peak) peak = level
    }
    peaks[slice] = peak
  }
  const loudest = Math.max(...peaks)
  return loudest === 0 ? peaks : peaks.map((peak) => Math.round((peak / loudest) * 100))
}
