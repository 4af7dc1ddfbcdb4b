import type { Genre } from "./genres.ts"
import type { Mode } from "./harmony.ts"
import type { Random } from "./seeded-random.ts"

/** What a cover is drawn from: the song's genre and key, and a generator seeded by the song. */
export interface CoverInput {
  readonly genre: Genre
  readonly mode: Mode
  readonly bpm: number
  readonly random: Random
}

/** How a genre looks: its colours (hue, saturation, lightness) and the picture it paints. */
interface Look {
  readonly hues: readonly [number, number, number]
  readonly saturation: number
  readonly lightness: number
  readonly motif: "glow" | "horizon" | "grid" | "rings" | "shards" | "hills"
}

const looks: Record<Genre, Look> = {
  pop: { hues: [330, 20, 270], saturation: 85, lightness: 60, motif: "glow" },
  rnb: { hues: [285, 320, 250], saturation: 65, lightness: 42, motif: "glow" },
  ballad: { hues: [215, 345, 260], saturation: 45, lightness: 62, motif: "horizon" },
  lofi: { hues: [265, 175, 25], saturation: 35, lightness: 55, motif: "horizon" },
  edm: { hues: [300, 185, 250], saturation: 95, lightness: 55, motif: "grid" },
  jazz: { hues: [222, 42, 200], saturation: 60, lightness: 35, motif: "rings" },
  classical: { hues: [38, 350, 30], saturation: 45, lightness: 58, motif: "rings" },
  rock: { hues: [2, 22, 340], saturation: 80, lightness: 40, motif: "shards" },
  hiphop: { hues: [45, 0, 280], saturation: 80, lightness: 48, motif: "shards" },
  country: { hues: [30, 15, 45], saturation: 70, lightness: 55, motif: "hills" },
  folk: { hues: [110, 35, 190], saturation: 40, lightness: 45, motif: "hills" },
}

const size = 1024

/** A colour of the palette: minor keys are darker and quieter, each song's hues a little its own. */
const paint =
  (look: Look, mode: Mode, shift: number) =>
  (index: number, lighter = 0) => {
    const hue = (look.hues[index % 3]! + shift + 360) % 360
    const saturation = look.saturation - (mode === "minor" ? 12 : 0)
    const lightness = Math.max(
      6,
      Math.min(92, look.lightness + lighter - (mode === "minor" ? 12 : 0)),
    )
    return `hsl(${hue.toFixed(1)},${saturation}%,${lightness}%)`
  }

type Colour = ReturnType<typeof paint>

const round = (n: number) => Math.round(n * 10) / 10

/** Soft lights: each a radial gradient fading out, cheaper than a blur and as soft. */
const glow = (colour: Colour, random: Random) =>
  Array.from({ length: 6 }, (_, i) => {
    const id = `glow${i}`
    const gradient = `<radialGradient id="${id}"><stop offset="0" stop-color="${colour(i, random.between(-5, 20))}" stop-opacity="${round(random.between(0.7, 1))}"/><stop offset="1" stop-color="${colour(i)}" stop-opacity="0"/></radialGradient>`
    return `<defs>${gradient}</defs><circle cx="${round(random.between(80, 944))}" cy="${round(random.between(80, 944))}" r="${round(random.between(260, 560))}" fill="url(#${id})"/>`
  }).join("")

const horizon = (colour: Colour, random: Random) => {
  const y = random.between(560, 700)
  const sun = `<circle cx="${round(random.between(260, 764))}" cy="${round(y - random.between(40, 160))}" r="${round(random.between(110, 200))}" fill="${colour(2, 25)}"/>`
  const layers = Array.from({ length: 3 }, (_, i) => {
    const top = y + i * random.between(50, 90)
    const wave = [0, 256, 512, 768, 1024]
      .map((x) => `${x},${round(top + random.between(-30, 30))}`)
      .join(" L")
    return `<path d="M${wave} L1024,1024 L0,1024 Z" fill="${colour(i, -18 - i * 10)}"/>`
  }).join("")
  return sun + layers
}

const grid = (colour: Colour, random: Random) => {
  const y = random.between(520, 600)
  const lines = [
    ...Array.from({ length: 9 }, (_, i) => {
      const at = y + (1024 - y) * ((i + 1) / 9) ** 1.8
      return `<line x1="0" y1="${round(at)}" x2="1024" y2="${round(at)}"/>`
    }),
    ...Array.from({ length: 13 }, (_, i) => {
      const x = (i - 6) * 170 + 512
      return `<line x1="512" y1="${round(y)}" x2="${round((x - 512) * 3 + 512)}" y2="1024"/>`
    }),
  ].join("")
  const sun = `<circle cx="512" cy="${round(y - 40)}" r="${round(random.between(170, 230))}" fill="url(#sun)"/>`
  return `${sun}<rect y="${round(y)}" width="1024" height="${round(1024 - y)}" fill="${colour(2, -40)}"/><g stroke="${colour(1, 15)}" stroke-width="3">${lines}</g>`
}

const rings = (colour: Colour, random: Random, bpm: number) => {
  const cx = random.between(300, 724)
  const cy = random.between(300, 724)
  const count = Math.round(6 + bpm / 20)
  return Array.from({ length: count }, (_, i) => {
    const r = 60 + i * random.between(38, 60)
    return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="none" stroke="${colour(i % 2 === 0 ? 1 : 2, 10)}" stroke-width="${round(random.between(3, 16))}" opacity="${round(random.between(0.45, 0.95))}"/>`
  }).join("")
}

const shards = (colour: Colour, random: Random) =>
  Array.from({ length: 14 }, (_, i) => {
    const x = random.between(-100, 1024)
    const y = random.between(-100, 1024)
    const points = Array.from(
      { length: 3 },
      () => `${round(x + random.between(-360, 360))},${round(y + random.between(-360, 360))}`,
    ).join(" ")
    return `<polygon points="${points}" fill="${colour(i, random.between(-5, 30))}" opacity="${round(random.between(0.55, 0.95))}"/>`
  }).join("")

const hills = (colour: Colour, random: Random) => {
  const sun = `<circle cx="${round(random.between(200, 824))}" cy="${round(random.between(220, 400))}" r="${round(random.between(80, 140))}" fill="${colour(2, 30)}"/>`
  const layers = Array.from({ length: 4 }, (_, i) => {
    const base = 520 + i * 110
    const peak = random.between(200, 824)
    return `<path d="M0,${round(base + random.between(0, 80))} Q${round(peak)},${round(base - random.between(120, 260))} 1024,${round(base + random.between(0, 80))} L1024,1024 L0,1024 Z" fill="${colour(i, -8 - i * 9)}"/>`
  }).join("")
  return sun + layers
}

/**
 * A square cover as SVG: the genre's palette and picture (soft glows for pop, a sun over a neon grid
 * for EDM, rings for jazz, shards for rock...), every shape drawn from the song's generator, so another
 * title, another seed or another version paints another cover.
 */
export const coverSvg = ({ genre, mode, bpm, random }: CoverInput) => {
  const look = looks[genre]
  const colour = paint(look, mode, random.between(-14, 14))
  const angle = round(random.between(0, 360))
  const motif = {
    glow: () => glow(colour, random),
    horizon: () => horizon(colour, random),
    grid: () => grid(colour, random),
    rings: () => rings(colour, random, bpm),
    shards: () => shards(colour, random),
    hills: () => hills(colour, random),
  }[look.motif]()
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs>
<linearGradient id="sky" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${colour(0, -22)}"/><stop offset="1" stop-color="${colour(1, -30)}"/></linearGradient>
<radialGradient id="sun"><stop offset="0" stop-color="${colour(2, 35)}"/><stop offset="1" stop-color="${colour(0, 10)}"/></radialGradient>
</defs>
<rect width="${size}" height="${size}" fill="url(#sky)"/>
${motif}
</svg>`
}
