import { Biquad, filterInPlace } from "./biquad.ts"
import { compress } from "./dynamics.ts"
import { freeverb } from "./reverb.ts"
import type { Style } from "./style.ts"

/** The dry voice: the lead pass, and the chorus doubles for the left and right. */
export interface VocalTracks {
  readonly lead: Float32Array
  readonly doubleLeft: Float32Array
  readonly doubleRight: Float32Array
}

/** The voice through its chain, as a stereo bus at unit gain, and the processed lead it is levelled by. */
export interface VoiceBus {
  readonly lead: Float32Array
  readonly left: Float32Array
  readonly right: Float32Array
}

/** How loud the doubles are against the lead. */
const doubleLevel = 0.42

/**
 * The voice's chain: high-pass, a dip at 320 Hz, presence, air, 3:1 compression; doubles mostly to their
 * own side; a room; a dotted-eighth echo for pop, EDM and R&B. Everything after the compressor is linear,
 * so this runs while FluidSynth plays, before the band's level (and so the voice's gain) is known.
 */
export const voiceBus = (tracks: VocalTracks, style: Style, sampleRate: number): VoiceBus => {
  const female = style.vocals?.voice === "female"
  const rap = style.vocals?.delivery === "rap"
  const { lead, doubleLeft, doubleRight } = tracks
  for (const track of [lead, doubleLeft, doubleRight]) {
    filterInPlace(track, [
      Biquad.of("highpass", sampleRate, female ? 140 : 90, 0.7),
      Biquad.of("peak", sampleRate, 320, 1, -2.5),
      Biquad.of("peak", sampleRate, female ? 3200 : 2600, 0.9, 3),
      Biquad.of("highshelf", sampleRate, 9000, 0.7, female ? 2 : 0),
    ])
  }
  compress([lead], sampleRate, -26, 3, 4, 90)
  compress([doubleLeft, doubleRight], sampleRate, -26, 3, 4, 90)

  const length = lead.length
  const send = new Float32Array(length)
  for (let i = 0; i < length; i++)
    send[i] = lead[i]! + (doubleLeft[i]! + doubleRight[i]!) * doubleLevel * 0.7
  const spacious = style.genre === "jazz" || style.genre === "ballad" || style.genre === "classical"
  const [roomLeft, roomRight] = freeverb(
    send,
    sampleRate,
    spacious ? 0.82 : rap ? 0.45 : 0.72,
    0.45,
    0.035,
  )
  const wet = rap ? 0.35 : 0.75
  const delay = Math.round((60 / style.bpm) * 0.75 * sampleRate)
  const echoes =
    !rap && (style.genre === "pop" || style.genre === "edm" || style.genre === "rnb") ? 0.13 : 0
  // The room buffers become the bus.
  for (let i = 0; i < length; i++) {
    const echo = echoes > 0 && i >= delay ? lead[i - delay]! * echoes : 0
    const near = lead[i]!
    const dl = doubleLeft[i]! * doubleLevel
    const dr = doubleRight[i]! * doubleLevel
    roomLeft[i] = near + dl * 0.95 + dr * 0.25 + roomLeft[i]! * wet + echo * 0.4
    roomRight[i] = near + dr * 0.95 + dl * 0.25 + roomRight[i]! * wet + echo
  }
  return { lead, left: roomLeft, right: roomRight }
}
