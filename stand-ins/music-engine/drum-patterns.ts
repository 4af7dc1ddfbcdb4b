import { drum } from "./general-midi.ts"
import type { DrumStyle } from "./genres.ts"
import { channel, type Play } from "./score.ts"
import type { Random } from "./seeded-random.ts"

export interface DrumBar {
  /** A crash on the downbeat: a new section starts. */
  readonly crash: boolean
  /** A fill on the last beat: the section ends. */
  readonly fill: boolean
  /** No backbeat: the first half of the intro. */
  readonly sparse: boolean
}

/** One bar of drums on the 16th grid. */
export const drumBar = (
  play: Play,
  style: DrumStyle,
  barBeat: number,
  random: Random,
  bar: DrumBar,
) => {
  const hit = (step: number, key: number, velocity: number) =>
    play(channel.drums, barBeat + step / 4, 0.25, key, velocity)
  if (bar.crash) hit(0, drum.crash, 88)
  const fill = bar.fill && style !== "jazz"
  const backbeat = !bar.sparse
  for (let step = 0; step < (fill ? 12 : 16); step++) {
    const even = step % 2 === 0
    const onBeat = step % 4 === 0
    switch (style) {
      case "pop":
        if (step === 0 || step === 8 || (step === 10 && random.chance(0.5)))
          hit(step, drum.kick, 100)
        if (backbeat && (step === 4 || step === 12)) hit(step, drum.snare, 96)
        if (even) hit(step, drum.closedHat, onBeat ? 74 : 58)
        break
      case "four":
        if (onBeat) hit(step, drum.kick, 108)
        if (backbeat && (step === 4 || step === 12)) hit(step, drum.clap, 92)
        if (step % 4 === 2) hit(step, drum.openHat, 70)
        else if (!even) hit(step, drum.closedHat, 50)
        break
      case "boombap":
        if (step === 0 || step === 7 || step === 10 || (step === 15 && random.chance(0.3)))
          hit(step, drum.kick, step === 0 ? 110 : 92)
        if (backbeat && (step === 4 || step === 12)) hit(step, drum.snare, 104)
        if (even) hit(step, drum.closedHat, onBeat ? 76 : 60)
        break
      case "lofi":
        if (step === 0 || step === 7 || step === 10) hit(step, drum.kick, 84)
        if (backbeat && (step === 4 || step === 12)) hit(step, drum.rimshot, 80)
        if (even) hit(step, drum.closedHat, onBeat ? 56 : 42)
        break
      case "jazz":
        if ([0, 4, 6, 8, 12, 14].includes(step))
          hit(step, drum.ride, step === 6 || step === 14 ? 56 : 72)
        if (step === 4 || step === 12) hit(step, drum.pedalHat, 60)
        if (onBeat) hit(step, drum.kick, 34)
        if (random.chance(0.12) && even) hit(step, drum.snare, 40)
        break
      case "rock":
        if (step === 0 || step === 8 || step === 10) hit(step, drum.kick, 110)
        if (backbeat && (step === 4 || step === 12)) hit(step, drum.snare, 112)
        if (even) hit(step, drum.closedHat, onBeat ? 86 : 70)
        break
      case "ballad":
        if (step === 0 || (step === 10 && random.chance(0.5))) hit(step, drum.kick, 76)
        if (backbeat && step === 8) hit(step, drum.rimshot, 68)
        if (onBeat) hit(step, drum.closedHat, 48)
        if (even && backbeat) hit(step, drum.shaker, 30)
        break
      case "country":
        if (step === 0 || step === 8) hit(step, drum.kick, 96)
        if (backbeat && (step === 4 || step === 12)) hit(step, drum.snare, 92)
        if (even) hit(step, drum.closedHat, 66)
        break
      case "none":
        return
    }
  }
  if (fill) {
    const soft = style === "ballad" || style === "lofi"
    const toms = [drum.highTom, drum.highTom, drum.midTom, drum.lowTom]
    toms.forEach((tom, i) => {
      hit(12 + i, soft ? drum.snare : tom, 70 + i * 8)
    })
    hit(12, drum.kick, 90)
  }
}
