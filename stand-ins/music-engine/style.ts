import { program } from "./general-midi.ts"
import { type Genre, type GenrePreset, type Progressions, presets, type Voice } from "./genres.ts"
import type { Mode } from "./harmony.ts"
import type { Random } from "./seeded-random.ts"

export interface Vocals {
  readonly voice: Voice
  readonly delivery: "sing" | "rap"
}

/** Everything the arrangement needs to know, decided from the style string and the seed. */
export interface Style
  extends Pick<
    GenrePreset,
    | "swing"
    | "swingUnit"
    | "drums"
    | "drumKit"
    | "bassStyle"
    | "bass"
    | "compStyle"
    | "comp"
    | "comp2"
    | "pad"
    | "lead"
  > {
  readonly genre: Genre
  readonly bpm: number
  readonly mode: Mode
  readonly tonic: number
  /** Null for an instrumental: the lead instrument then plays the tune. */
  readonly vocals: Vocals | null
  readonly progressions: Progressions
}

/** The first rule that matches names the genre; order matters ("lo-fi hip-hop" is lo-fi). */
const genreWords: ReadonlyArray<readonly [Genre, RegExp]> = [
  ["lofi", /lo-?fi|chillhop/],
  ["hiphop", /hip-?hop|\brap\b|trap|boom-?bap|grime|drill/],
  ["rnb", /r&b|rnb|r and b|soul|neo-soul/],
  ["jazz", /jazz|swing|bebop|bossa|blues/],
  ["classical", /classical|orchestra|baroque|symphon|string quartet|chamber|cinematic|piano solo/],
  ["edm", /edm|house|techno|trance|dance|electro|dubstep|synthwave|synth-?pop/],
  ["rock", /rock|punk|grunge|metal|indie rock/],
  ["country", /country|bluegrass|americana/],
  ["folk", /folk|acoustic singer|campfire/],
  ["ballad", /ballad|slow love|lullaby/],
  ["pop", /pop/],
]

type Role = "comp" | "lead" | "pad" | "bass"

/** Instruments the style names replace the genre's; earlier, more specific words win. */
const instrumentWords: ReadonlyArray<readonly [RegExp, number, Role]> = [
  [/electric piano|rhodes|\bep\b|keys/, program.electricPiano, "comp"],
  [/piano/, program.piano, "comp"],
  [/distorted guitar|heavy guitar|electric guitar/, program.overdrivenGuitar, "comp"],
  [/acoustic guitar|guitar/, program.acousticGuitar, "comp"],
  [/organ/, program.organ, "comp"],
  [/saxophone|\bsax\b/, program.tenorSax, "lead"],
  [/trumpet/, program.trumpet, "lead"],
  [/flute/, program.flute, "lead"],
  [/violin/, program.violin, "lead"],
  [/clarinet/, program.clarinet, "lead"],
  [/vibraphone|vibes/, program.vibraphone, "lead"],
  [/harp/, program.harp, "comp"],
  [/synth lead|lead synth/, program.sawLead, "lead"],
  [/cello/, program.cello, "bass"],
  [/upright bass|double bass/, program.acousticBass, "bass"],
  [/808/, program.synthBass1, "bass"],
  [/synth bass/, program.synthBass2, "bass"],
  [/strings|orchestra/, program.strings, "pad"],
  [/choir/, program.choirAahs, "pad"],
  [/\bpads?\b|synth/, program.warmPad, "pad"],
]

const noteNames: Record<string, number> = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 }

export const genreOf = (style: string): Genre =>
  genreWords.find(([, words]) => words.test(style.toLowerCase()))?.[0] ?? "pop"

const tempoOf = (style: string, range: readonly [number, number], random: Random) => {
  const drawn = Math.round(random.between(range[0], range[1]))
  const asked = style.match(/(\d{2,3})\s*bpm/)
  if (asked) return Math.max(50, Math.min(190, Number(asked[1])))
  let bpm = drawn
  if (/upbeat|energetic|fast|driving|happy|party/.test(style)) bpm = Math.round(bpm * 1.08)
  if (/slow|chill|mellow|sad|calm|relax|sleepy/.test(style)) bpm = Math.round(bpm * 0.9)
  return bpm
}

/** The singer's gender, when the style names one. */
export const namedVoice = (text: string): Voice | null => {
  const style = text.toLowerCase()
  return /female|woman|girl|\bshe\b|soprano|alto|diva/.test(style)
    ? "female"
    : /\bmale|\bman\b|\bguy\b|\bboy\b|baritone|tenor|\bhe\b/.test(style)
      ? "male"
      : null
}

/** The key and the mode, where the style names them: by words ("sad"), or "in D minor", "key of E". */
export const namedTonality = (text: string): { tonic: number | null; mode: Mode | null } => {
  const style = text.toLowerCase()
  let mode: Mode | null = null
  if (/\bsad|dark|melanchol|minor|moody|gloomy|haunting|epic/.test(style)) mode = "minor"
  if (/happy|bright|major|cheerful|uplifting|sunny/.test(style)) mode = "major"
  // Only a key with its mode or "key of": "in a club" names no key.
  const key =
    style.match(/\bin ([a-g])([#b]?)\s*(major|minor)\b/) ??
    style.match(/\bkey of ([a-g])([#b]?)\s*(major|minor)?\b/)
  if (!key) return { tonic: null, mode }
  const accidental = key[2] === "#" ? 1 : key[2] === "b" ? -1 : 0
  const named = key[3] === "major" || key[3] === "minor" ? key[3] : mode
  return { tonic: (noteNames[key[1]!]! + accidental + 12) % 12, mode: named }
}

const vocalsOf = (style: string, genre: Genre): Vocals | null => {
  if (/instrumental|no vocals|without vocals/.test(style)) return null
  const preset = presets[genre]
  const voice = namedVoice(style) ?? preset.voice
  const rapGenre = genre === "hiphop" || genre === "lofi"
  const delivery = /\brap|spoken/.test(style)
    ? "rap"
    : /sing|sung|vocals|voice|melodic/.test(style) && !rapGenre
      ? "sing"
      : genre === "lofi" && /sing|sung|female vocals|melodic/.test(style)
        ? "sing"
        : preset.delivery
  return { voice, delivery }
}

/** Reads a free-text style ("upbeat pop with female vocals, guitar and drums") as an arrangement. */
export const parseStyle = (text: string, random: Random): Style => {
  const style = text.toLowerCase()
  const genre = genreOf(style)
  const preset = presets[genre]
  const bpm = tempoOf(style, preset.bpm, random)

  const named = namedTonality(style)
  const mode = named.mode ?? preset.mode
  const tonic = named.tonic ?? random.pick(preset.keys)

  let { comp, comp2, pad, lead, bass, compStyle } = preset
  const comping: Array<number> = []
  for (const [words, named, role] of instrumentWords) {
    if (!words.test(style)) continue
    if (role === "lead") lead = named
    else if (role === "pad") pad = named
    else if (role === "bass") bass = named
    else if (
      !comping.includes(named) &&
      !(named === program.piano && comping.includes(program.electricPiano)) &&
      !(named === program.acousticGuitar && comping.includes(program.overdrivenGuitar))
    )
      comping.push(named)
  }
  const [first, second] = comping
  if (first !== undefined) {
    comp = first
    comp2 = second ?? null
    if (first === program.acousticGuitar && genre !== "rock") compStyle = "strum"
    else if (first === program.overdrivenGuitar) compStyle = "power"
    else if (
      first === program.piano &&
      (genre === "pop" || genre === "rock" || genre === "country")
    )
      compStyle = "block"
  }

  return {
    genre,
    bpm,
    mode,
    tonic,
    swing: preset.swing,
    swingUnit: preset.swingUnit,
    vocals: vocalsOf(style, genre),
    drums: /no drums|without drums|drumless|a cappella/.test(style) ? "none" : preset.drums,
    drumKit: preset.drumKit,
    bassStyle: preset.bassStyle,
    bass,
    compStyle,
    comp,
    comp2,
    pad,
    lead,
    progressions: mode === "major" ? preset.major : preset.minor,
  }
}
