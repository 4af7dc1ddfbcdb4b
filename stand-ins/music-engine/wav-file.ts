import { readFile } from "node:fs/promises"

export interface Audio {
  readonly sampleRate: number
  readonly channels: ReadonlyArray<Float32Array>
}

const pcm = 1
const float = 3
const extensible = 0xfffe

/** Reads the WAVs Festival (16-bit PCM) and FluidSynth (32-bit float) write. */
export const readWav = async (path: string): Promise<Audio> => {
  const bytes = await readFile(path)
  if (bytes.toString("ascii", 0, 4) !== "RIFF" || bytes.toString("ascii", 8, 12) !== "WAVE")
    throw new Error(`${path} is not a WAV file`)
  let format = 0
  let channelCount = 0
  let sampleRate = 0
  let bits = 0
  let at = 12
  while (at + 8 <= bytes.length) {
    const id = bytes.toString("ascii", at, at + 4)
    const size = bytes.readUInt32LE(at + 4)
    const body = at + 8
    if (id === "fmt ") {
      format = bytes.readUInt16LE(body)
      channelCount = bytes.readUInt16LE(body + 2)
      sampleRate = bytes.readUInt32LE(body + 4)
      bits = bytes.readUInt16LE(body + 14)
      if (format === extensible) format = bytes.readUInt16LE(body + 24)
    } else if (id === "data") {
      // Streaming writers leave the size at 0 or -1: the data runs to the end of the file.
      const length =
        size === 0 || size === 0xffffffff || body + size > bytes.length ? bytes.length - body : size
      const frameBytes = (bits / 8) * channelCount
      const frames = Math.floor(length / frameBytes)
      const channels = Array.from({ length: channelCount }, () => new Float32Array(frames))
      const view = new DataView(bytes.buffer, bytes.byteOffset + body, frames * frameBytes)
      const isFloat = format === float && bits === 32
      if (!isFloat && !(format === pcm && bits === 16))
        throw new Error(`${path}: ${bits}-bit format ${format} is not read here`)
      for (let i = 0, offset = 0; i < frames; i++) {
        for (let c = 0; c < channelCount; c++) {
          channels[c]![i] = isFloat
            ? view.getFloat32(offset, true)
            : view.getInt16(offset, true) / 32768
          offset += bits / 8
        }
      }
      return { sampleRate, channels }
    }
    at = body + size + (size & 1)
  }
  throw new Error(`${path} has no audio`)
}

/**
 * 16-bit samples with TPDF dither, a channel each. The dither's noise comes from a fixed generator, so the
 * same mix always gives the same samples.
 */
export const dither16 = (channels: ReadonlyArray<Float32Array>): ReadonlyArray<Int16Array> => {
  const frames = channels[0]!.length
  const out = channels.map(() => new Int16Array(frames))
  let state = 12345
  const uniform = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 4294967296
  }
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channels.length; c++) {
      const dithered = Math.round(channels[c]![i]! * 32767 + uniform() - uniform())
      out[c]![i] = Math.max(-32768, Math.min(32767, dithered))
    }
  }
  return out
}

/** A WAV file of these 16-bit samples, a channel each. */
export const pcm16Wav = (sampleRate: number, channels: ReadonlyArray<Int16Array>): Uint8Array => {
  const channelCount = channels.length
  const frames = channels[0]!.length
  const dataBytes = frames * channelCount * 2
  const bytes = Buffer.alloc(44 + dataBytes)
  bytes.write("RIFF", 0, "ascii")
  bytes.writeUInt32LE(36 + dataBytes, 4)
  bytes.write("WAVEfmt ", 8, "ascii")
  bytes.writeUInt32LE(16, 16)
  bytes.writeUInt16LE(pcm, 20)
  bytes.writeUInt16LE(channelCount, 22)
  bytes.writeUInt32LE(sampleRate, 24)
  bytes.writeUInt32LE(sampleRate * channelCount * 2, 28)
  bytes.writeUInt16LE(channelCount * 2, 32)
  bytes.writeUInt16LE(16, 34)
  bytes.write("data", 36, "ascii")
  bytes.writeUInt32LE(dataBytes, 40)
  const samples = new Int16Array(bytes.buffer, bytes.byteOffset + 44, frames * channelCount)
  for (let i = 0, k = 0; i < frames; i++)
    for (let c = 0; c < channelCount; c++) samples[k++] = channels[c]![i]!
  return bytes
}

/** A mix as a WAV file of 16-bit PCM with TPDF dither. */
export const wav16Of = (audio: Audio): Uint8Array =>
  pcm16Wav(audio.sampleRate, dither16(audio.channels))
