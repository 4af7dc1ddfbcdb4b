/** Where the bars of a render are in its audio: every bar line of a song is at a whole bar from its start. */

export const sampleRate = 44100

export const barSecondsOf = (bpm: number) => (4 * 60) / bpm

/** The first sample of a bar. */
export const barSample = (bar: number, bpm: number) =>
  Math.floor(((bar * 4 * 60) / bpm) * sampleRate)

export const beatSample = (beat: number, bpm: number) =>
  Math.floor(((beat * 60) / bpm) * sampleRate)

/**
 * The bar line at or before `ms`. Times in facts are rounded to the millisecond, so a time within 1 ms
 * of a bar line counts as on it.
 */
export const barAtOrBefore = (ms: number, bpm: number) =>
  Math.floor((ms + 1) / (barSecondsOf(bpm) * 1000))

/** The bar line at or after `ms`, with the same millisecond of slack. */
export const barAtOrAfter = (ms: number, bpm: number) =>
  Math.ceil((ms - 1) / (barSecondsOf(bpm) * 1000))

export const clamp = (value: number, low: number, high: number) =>
  Math.max(low, Math.min(high, value))
