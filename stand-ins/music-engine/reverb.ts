const combTunings = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617]
const allpassTunings = [556, 441, 341, 225]
const stereoSpread = 23

// Each filter is its own function over the whole signal, with 64-bit state: V8 keeps these tight loops
// fast (a third quicker than one loop over all filters).
const comb = (
  input: Float32Array,
  out: Float64Array,
  size: number,
  feedback: number,
  damp: number,
) => {
  const buffer = new Float64Array(size)
  const keep = 1 - damp
  let at = 0
  let stored = 0
  for (let i = 0; i < input.length; i++) {
    const delayed = buffer[at]!
    stored = delayed * keep + stored * damp
    buffer[at] = input[i]! + stored * feedback
    at++
    if (at === size) at = 0
    out[i]! += delayed
  }
}

const allpass = (out: Float64Array, size: number) => {
  const buffer = new Float64Array(size)
  let at = 0
  for (let i = 0; i < out.length; i++) {
    const delayed = buffer[at]!
    const x = out[i]!
    buffer[at] = x + delayed * 0.5
    out[i] = delayed - x
    at++
    if (at === size) at = 0
  }
}

/**
 * Freeverb (Jezar's public-domain design): a mono send in, a stereo room out. Nothing is computed before
 * the send's first sound: the room is silent until then.
 */
export const freeverb = (
  send: Float32Array,
  sampleRate: number,
  room = 0.7,
  damping = 0.4,
  preDelaySeconds = 0.03,
): [Float32Array, Float32Array] => {
  const scale = sampleRate / 44100
  const feedback = room * 0.28 + 0.7
  const damp = damping * 0.4
  const length = send.length
  const left = new Float32Array(length)
  const right = new Float32Array(length)
  const first = send.findIndex((x) => x !== 0)
  if (first < 0) return [left, right]
  const preDelay = Math.round(preDelaySeconds * sampleRate)
  const start = Math.min(length, first + preDelay)
  const input = new Float32Array(length - start)
  for (let i = 0; i < input.length; i++) input[i] = send[first + i]! * 0.015
  const side = (out: Float32Array, spread: number) => {
    const sum = new Float64Array(input.length)
    for (const tuning of combTunings)
      comb(input, sum, Math.round(tuning * scale) + spread, feedback, damp)
    for (const tuning of allpassTunings) allpass(sum, Math.round(tuning * scale) + spread)
    out.set(sum, start)
  }
  side(left, 0)
  side(right, Math.round(stereoSpread * scale))
  return [left, right]
}
