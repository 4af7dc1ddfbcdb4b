/** Measures of rendered songs for the engine's tests, taken by ffmpeg and pgrep rather than by the engine. */
import { execFile } from "node:child_process"
import { promisify } from "node:util"
import { Effect } from "effect"

const execFileAsync = promisify(execFile)

export const sampleRate = 44100

/** A verse and a chorus: a song of about 40 s, which the engine's tests render. */
export const goldenLyrics = `[Verse]
I woke up early with the sun in my eyes
Every little window full of summer skies
[Chorus]
We are golden, we are young tonight
Hold on to me, we can touch the light`

/** The file as mono float samples, through an ffmpeg filter if given. */
export const decodeMono = (path: string, filter?: string) =>
  Effect.promise(async () => {
    const { stdout } = await execFileAsync(
      "ffmpeg",
      [
        "-v",
        "error",
        "-i",
        path,
        ...(filter ? ["-af", filter] : []),
        "-ac",
        "1",
        "-ar",
        String(sampleRate),
      ].concat(["-f", "f32le", "pipe:1"]),
      { encoding: "buffer", maxBuffer: 1 << 30 },
    )
    return new Float32Array(stdout.buffer, stdout.byteOffset, stdout.length / 4)
  })

/** The file as ffmpeg decodes it to 16-bit stereo, left and right interleaved: the samples a splice keeps. */
export const decodeStereo16 = (path: string) =>
  Effect.promise(async () => {
    const { stdout } = await execFileAsync(
      "ffmpeg",
      ["-v", "error", "-i", path, "-f", "s16le", "-ac", "2", "-ar", String(sampleRate), "pipe:1"],
      { encoding: "buffer", maxBuffer: 1 << 30 },
    )
    return new Int16Array(stdout.buffer.slice(stdout.byteOffset, stdout.byteOffset + stdout.length))
  })

/** How many of the values in [from, to) of `a` differ from those of `b` moved by `shift`. */
export const differences = (a: Int16Array, b: Int16Array, from: number, to: number, shift = 0) => {
  let count = 0
  for (let i = from; i < to; i++) if (a[i] !== b[i + shift]) count++
  return count
}

/** The largest change from one sample to the next, in frames [from, to) of interleaved stereo. */
export const largestStep = (stereo: Int16Array, from: number, to: number) => {
  let largest = 0
  for (let i = Math.max(1, from); i < Math.min(stereo.length / 2, to); i++) {
    for (let c = 0; c < 2; c++)
      largest = Math.max(largest, Math.abs(stereo[2 * i + c]! - stereo[2 * (i - 1) + c]!))
  }
  return largest
}

export const frameAt = (ms: number) => Math.floor((ms / 1000) * sampleRate)

/** The largest step from `before` frames (a crossfade) before frame `at` to 50 ms after it: a joint's. */
export const stepAround = (stereo: Int16Array, at: number, before: number) =>
  largestStep(stereo, at - before - frameAt(5), at + frameAt(50))

/** The same around each of the song's own bar lines in frames [from, to): where its drums hit. */
export const stepAroundBarLines = (
  stereo: Int16Array,
  barMs: number,
  from: number,
  to: number,
  before: number,
) => {
  let largest = 0
  for (let bar = 1; frameAt(bar * barMs) + frameAt(50) < to; bar++)
    if (frameAt(bar * barMs) >= from)
      largest = Math.max(largest, stepAround(stereo, frameAt(bar * barMs), before))
  return largest
}

/** Integrated loudness (LUFS) and true peak (dBTP) by ffmpeg's EBU R128 meter. */
export const ebur128 = (path: string) =>
  Effect.promise(async () => {
    const { stderr } = await execFileAsync("ffmpeg", [
      ...["-hide_banner", "-nostats", "-i", path, "-af", "ebur128=peak=true", "-f", "null", "-"],
    ])
    const summary = stderr.slice(stderr.lastIndexOf("Summary:"))
    return {
      lufs: Number(summary.match(/I:\s+(-?[\d.]+) LUFS/)?.[1]),
      truePeak: Number(summary.match(/Peak:\s+(-?[\d.]+) dBFS/)?.[1]),
    }
  })

export const meanSquare = (samples: Float32Array, from: number, to: number) => {
  let sum = 0
  for (let i = Math.max(0, from); i < Math.min(samples.length, to); i++)
    sum += samples[i]! * samples[i]!
  return sum / Math.max(1, to - from)
}

export const decibels = (power: number) => 10 * Math.log10(power + 1e-20)

/** The longest run of 100 ms windows under `thresholdDb`, in seconds, between `from` and `to` seconds. */
export const longestSilence = (
  samples: Float32Array,
  thresholdDb: number,
  from: number,
  to: number,
) => {
  const window = sampleRate / 10
  let longest = 0
  let run = 0
  for (
    let at = Math.floor(from * sampleRate);
    at + window <= Math.min(samples.length, to * sampleRate);
    at += window
  ) {
    run = decibels(meanSquare(samples, at, at + window)) < thresholdDb ? run + 0.1 : 0
    longest = Math.max(longest, run)
  }
  return longest
}

/** Command lines of the running processes whose command line contains `text`. */
export const processesMentioning = (text: string) =>
  Effect.promise(() =>
    execFileAsync("pgrep", ["-a", "-f", text]).then(
      ({ stdout }) =>
        stdout
          .trim()
          .split("\n")
          .filter((line) => line.length > 0),
      // pgrep exits with 1 when nothing matches.
      () => [] as Array<string>,
    ),
  )
