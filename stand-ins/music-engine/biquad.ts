export type FilterKind = "lowpass" | "highpass" | "peak" | "highshelf" | "lowshelf"

/** A second-order IIR filter (RBJ cookbook), run in place over a whole signal. */
export class Biquad {
  private z1 = 0
  private z2 = 0

  constructor(
    readonly b0: number,
    readonly b1: number,
    readonly b2: number,
    readonly a1: number,
    readonly a2: number,
  ) {}

  static of(
    kind: FilterKind,
    sampleRate: number,
    frequency: number,
    q: number,
    gainDb = 0,
  ): Biquad {
    const a = 10 ** (gainDb / 40)
    const w0 = (2 * Math.PI * frequency) / sampleRate
    const cos = Math.cos(w0)
    const alpha = Math.sin(w0) / (2 * q)
    const shelf = 2 * Math.sqrt(a) * alpha
    const [b0, b1, b2, a0, a1, a2] = ((): ReadonlyArray<number> => {
      switch (kind) {
        case "lowpass":
          return [(1 - cos) / 2, 1 - cos, (1 - cos) / 2, 1 + alpha, -2 * cos, 1 - alpha]
        case "highpass":
          return [(1 + cos) / 2, -(1 + cos), (1 + cos) / 2, 1 + alpha, -2 * cos, 1 - alpha]
        case "peak":
          return [1 + alpha * a, -2 * cos, 1 - alpha * a, 1 + alpha / a, -2 * cos, 1 - alpha / a]
        case "highshelf":
          return [
            a * (a + 1 + (a - 1) * cos + shelf),
            -2 * a * (a - 1 + (a + 1) * cos),
            a * (a + 1 + (a - 1) * cos - shelf),
            a + 1 - (a - 1) * cos + shelf,
            2 * (a - 1 - (a + 1) * cos),
            a + 1 - (a - 1) * cos - shelf,
          ]
        case "lowshelf":
          return [
            a * (a + 1 - (a - 1) * cos + shelf),
            2 * a * (a - 1 - (a + 1) * cos),
            a * (a + 1 - (a - 1) * cos - shelf),
            a + 1 + (a - 1) * cos + shelf,
            -2 * (a - 1 + (a + 1) * cos),
            a + 1 + (a - 1) * cos - shelf,
          ]
      }
    })() as [number, number, number, number, number, number]
    return new Biquad(b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0)
  }

  process(signal: Float32Array, from = 0, to = signal.length): Float32Array {
    const { b0, b1, b2, a1, a2 } = this
    let { z1, z2 } = this
    for (let i = from; i < to; i++) {
      const x = signal[i]!
      const y = b0 * x + z1
      z1 = b1 * x - a1 * y + z2
      z2 = b2 * x - a2 * y
      signal[i] = y
    }
    this.z1 = z1
    this.z2 = z2
    return signal
  }

  /** Whether the filter has rung out: fed silence, it would put out silence (below -240 dB). */
  settle(): boolean {
    if (Math.abs(this.z1) > 1e-12 || Math.abs(this.z2) > 1e-12) return false
    this.z1 = 0
    this.z2 = 0
    return true
  }
}

const block = 1024

/**
 * Filters in series over a signal, in place, a block at a time. A voice track is silent between its
 * lines: blocks of silence the filters have rung out for are skipped.
 */
export const filterInPlace = (signal: Float32Array, filters: ReadonlyArray<Biquad>) => {
  for (let from = 0; from < signal.length; from += block) {
    const to = Math.min(signal.length, from + block)
    if (filters.every((filter) => filter.settle())) {
      let silent = true
      for (let i = from; i < to && silent; i++) silent = signal[i] === 0
      if (silent) continue
    }
    for (const filter of filters) filter.process(signal, from, to)
  }
  return signal
}
