import { execFile } from "node:child_process"
import { promisify } from "node:util"
import { sampleRate } from "./bar-grid.ts"

const execFileAsync = promisify(execFile)

/** 40 ms: long enough that no joint clicks, short enough that two bars' beats are not heard twice. */
export const crossfadeSamples = Math.round(0.04 * sampleRate)

/**
 * An earlier render's audio (MP3 or WAV) as ffmpeg decodes it: 16-bit stereo at 44.1 kHz, a channel
 * each. LAME's gapless header makes an MP3's decode as long as the WAV it was made from, so its bar
 * lines are where its facts say; `expectedMs` checks that, within a millisecond.
 */
export const decodeAudio = async (
  path: string,
  expectedMs: number,
): Promise<ReadonlyArray<Int16Array>> => {
  const { stdout } = await execFileAsync(
    "ffmpeg",
    ["-v", "error", "-i", path, "-f", "s16le", "-ac", "2", "-ar", String(sampleRate), "pipe:1"],
    { encoding: "buffer", maxBuffer: 1 << 30 },
  )
  const frames = Math.floor(stdout.length / 4)
  // A copy: the pipe's buffer need not be aligned for 16-bit views (and x86 is little-endian, as s16le).
  const interleaved = new Int16Array(
    stdout.buffer.slice(stdout.byteOffset, stdout.byteOffset + frames * 4),
  )
  const channels = [new Int16Array(frames), new Int16Array(frames)] as const
  for (let i = 0; i < frames; i++) {
    channels[0][i] = interleaved[2 * i]!
    channels[1][i] = interleaved[2 * i + 1]!
  }
  const decodedMs = (frames / sampleRate) * 1000
  if (Math.abs(decodedMs - expectedMs) > 1)
    throw new Error(
      `${path} decodes to ${decodedMs.toFixed(1)} ms where its facts say ${expectedMs} ms: ` +
        "its bar lines would be off the beat (an MP3 without LAME's gapless header?)",
    )
  return channels
}

/** A stretch of one audio: samples [from, to); what comes just before `from` fades in before it. */
export interface Piece<A extends Int16Array | Float32Array = Int16Array> {
  readonly audio: ReadonlyArray<A>
  readonly from: number
  readonly to: number
}

/**
 * The pieces one after another, 16-bit (a song) or floats (its stems). Each joint is a crossfade that ends
 * where the next piece starts: the earlier piece's last samples fade out by equal power while the samples
 * just before the next piece's start fade in, so the next piece's first beat is heard whole. Every other
 * sample is copied as it is.
 */
export const splice = <A extends Int16Array | Float32Array>(
  pieces: ReadonlyArray<Piece<A>>,
): ReadonlyArray<A> => {
  const total = pieces.reduce((sum, piece) => sum + piece.to - piece.from, 0)
  const floats = pieces[0]?.audio[0] instanceof Float32Array
  const channel = () => (floats ? new Float32Array(total) : new Int16Array(total)) as A
  const stored = floats
    ? (value: number) => value
    : (value: number) => Math.max(-32768, Math.min(32767, Math.round(value)))
  const out = [channel(), channel()]
  let at = 0
  pieces.forEach((piece, index) => {
    for (let c = 0; c < 2; c++) out[c]!.set(piece.audio[c]!.subarray(piece.from, piece.to), at)
    // Nothing comes before the first piece, and a joint at the very start has no room to fade.
    const first = index === 0 ? crossfadeSamples : Math.max(0, crossfadeSamples - at)
    for (let k = first; k < crossfadeSamples; k++) {
      const angle = ((k + 0.5) / crossfadeSamples) * (Math.PI / 2)
      const into = at - crossfadeSamples + k
      for (let c = 0; c < 2; c++) {
        const rising = piece.audio[c]![piece.from - crossfadeSamples + k] ?? 0
        out[c]![into] = stored(out[c]![into]! * Math.cos(angle) + rising * Math.sin(angle))
      }
    }
    at += piece.to - piece.from
  })
  return out
}

/** 16-bit samples [from, to) as floats. */
export const floatsOf = (
  audio: ReadonlyArray<Int16Array>,
  from = 0,
  to = audio[0]!.length,
): ReadonlyArray<Float32Array> =>
  audio.map((channel) => {
    const floats = new Float32Array(to - from)
    for (let i = 0; i < floats.length; i++) floats[i] = channel[from + i]! / 32768
    return floats
  })
