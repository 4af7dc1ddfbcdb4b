/** Frames of the pitch track are 5 ms apart. */
export const pitchHopSeconds = 0.005

/**
 * YIN fundamental frequency every 5 ms (0 where unvoiced), on a copy decimated by 4: speech f0 is far
 * below 5 kHz, and a quarter of the samples makes the search four times cheaper.
 */
export const trackPitch = (audio: Float32Array, sampleRate: number, lowest = 65, highest = 650) => {
  const decimation = 4
  const rate = sampleRate / decimation
  const length = Math.floor(audio.length / decimation)
  const y = new Float32Array(length)
  for (let i = 0; i < length; i++) {
    const k = i * decimation
    y[i] = (audio[k]! + audio[k + 1]! + audio[k + 2]! + audio[k + 3]!) * 0.25
  }
  const hop = Math.round(rate * pitchHopSeconds)
  const window = Math.round(rate * 0.025)
  const minLag = Math.floor(rate / highest)
  const maxLag = Math.ceil(rate / lowest)
  const frames = Math.max(0, Math.floor((length - window - maxLag) / hop))
  const f0 = new Float32Array(Math.ceil(audio.length / (sampleRate * pitchHopSeconds)) + 1)
  let peak = 0
  for (let i = 0; i < audio.length; i++) peak = Math.max(peak, Math.abs(audio[i]!))
  const difference = new Float32Array(maxLag + 1)
  for (let frame = 0; frame < frames; frame++) {
    const start = frame * hop
    let energy = 0
    for (let j = 0; j < window; j++) energy += y[start + j]! * y[start + j]!
    if (Math.sqrt(energy / window) < peak * 0.02) continue
    // The cumulative-mean-normalised difference, computed only up to the first dip under the threshold.
    let cumulative = 0
    difference[0] = 1
    let best = -1
    for (let lag = 1; lag <= maxLag; lag++) {
      let sum = 0
      for (let j = 0; j < window; j++) {
        const d = y[start + j]! - y[start + j + lag]!
        sum += d * d
      }
      cumulative += sum
      difference[lag] = cumulative > 0 ? (sum * lag) / cumulative : 1
      if (
        best < 0 &&
        lag > minLag &&
        difference[lag - 1]! < 0.18 &&
        difference[lag]! >= difference[lag - 1]!
      )
        best = lag - 1
      if (best >= 0 && lag >= best + 1) break
    }
    if (best <= 0 || best + 1 > maxLag) continue
    const a = difference[best - 1]!
    const b = difference[best]!
    const c = difference[best + 1]!
    const curvature = a - 2 * b + c
    const shift = curvature !== 0 ? (0.5 * (a - c)) / curvature : 0
    const index = Math.round((start + window / 2) / hop)
    if (index < f0.length) f0[index] = rate / (best + shift)
  }
  // Median of three; a lone voiced frame is noise.
  const smoothed = new Float32Array(f0.length)
  for (let i = 1; i < f0.length - 1; i++) {
    const a = f0[i - 1]!
    const b = f0[i]!
    const c = f0[i + 1]!
    if (b === 0 || (a === 0 && c === 0)) continue
    smoothed[i] = a && c ? Math.max(Math.min(a, b), Math.min(Math.max(a, b), c)) : b
  }
  return smoothed
}

/** Analysis grains of a line: one per pitch period where voiced, every 5 ms where not. */
export interface PitchMarks {
  readonly position: Int32Array
  readonly period: Int32Array
  readonly voiced: Uint8Array
  readonly count: number
}

const unvoicedHop = 220

/**
 * Marks on the waveform's peaks, one period apart, found on a copy low-passed at 900 Hz so that the peak
 * of each period is the same peak.
 */
export const pitchMarks = (
  audio: Float32Array,
  sampleRate: number,
  f0: Float32Array,
): PitchMarks => {
  const smooth = new Float32Array(audio.length)
  const pole = Math.exp((-2 * Math.PI * 900) / sampleRate)
  let s1 = 0
  let s2 = 0
  for (let i = 0; i < audio.length; i++) {
    s1 = (1 - pole) * audio[i]! + pole * s1
    s2 = (1 - pole) * s1 + pole * s2
    smooth[i] = s2
  }
  const capacity = Math.ceil(audio.length / 40) + 16
  const position = new Int32Array(capacity)
  const period = new Int32Array(capacity)
  const voiced = new Uint8Array(capacity)
  const hop = sampleRate * pitchHopSeconds
  const f0At = (i: number) => f0[Math.min(f0.length - 1, Math.max(0, Math.round(i / hop)))]!
  let count = 0
  let at = 0
  let wasVoiced = false
  while (at < audio.length && count < capacity) {
    const frequency = f0At(at)
    if (frequency > 0) {
      const length = Math.round(sampleRate / frequency)
      const reach = Math.round(0.2 * length)
      const low = Math.max(0, wasVoiced ? at - reach : at)
      const high = Math.min(audio.length - 1, wasVoiced ? at + reach : at + length)
      let mark = low
      for (let i = low; i <= high; i++) if (smooth[i]! > smooth[mark]!) mark = i
      position[count] = mark
      period[count] = length
      voiced[count] = 1
      at = mark + length
      wasVoiced = true
    } else {
      position[count] = at
      period[count] = unvoicedHop
      voiced[count] = 0
      at += unvoicedHop
      wasVoiced = false
    }
    count++
  }
  return { position, period, voiced, count }
}

/** The mark nearest a sample position. */
export const nearestMark = (marks: PitchMarks, sample: number) => {
  let low = 0
  let high = marks.count - 1
  while (low < high) {
    const middle = (low + high) >> 1
    if (marks.position[middle]! < sample) low = middle + 1
    else high = middle
  }
  return low > 0 &&
    Math.abs(marks.position[low - 1]! - sample) < Math.abs(marks.position[low]! - sample)
    ? low - 1
    : low
}
