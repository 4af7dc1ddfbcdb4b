import { drumKit, program } from "./general-midi.ts"

export const genres = [
  "pop",
  "hiphop",
  "lofi",
  "jazz",
  "classical",
  "rock",
  "edm",
  "ballad",
  "country",
  "rnb",
  "folk",
] as const
export type Genre = (typeof genres)[number]

export type DrumStyle =
  | "pop"
  | "four"
  | "boombap"
  | "lofi"
  | "jazz"
  | "rock"
  | "ballad"
  | "country"
  | "none"
export type BassStyle = "pop" | "root8" | "808" | "walking" | "sustain" | "lofi"
export type CompStyle = "strum" | "block" | "arp" | "stabs" | "jazz" | "power" | "lofi"
export type Voice = "female" | "male"

/** Roman-numeral progressions to choose from, per section kind. */
export interface Progressions {
  readonly verse: ReadonlyArray<ReadonlyArray<string>>
  readonly chorus: ReadonlyArray<ReadonlyArray<string>>
}

/** What a genre plays unless the style string says otherwise. */
export interface GenrePreset {
  readonly bpm: readonly [number, number]
  readonly mode: "major" | "minor"
  /** Tonics to choose from (pitch classes). */
  readonly keys: ReadonlyArray<number>
  /** How late off-beats land, as a fraction of the swung unit. */
  readonly swing: number
  readonly swingUnit: 8 | 16
  readonly delivery: "sing" | "rap"
  readonly voice: Voice
  readonly drums: DrumStyle
  readonly drumKit: number
  readonly bassStyle: BassStyle
  readonly bass: number
  readonly compStyle: CompStyle
  readonly comp: number
  readonly comp2: number | null
  readonly pad: number | null
  readonly lead: number
  readonly major: Progressions
  readonly minor: Progressions
}

const popMajor: Progressions = {
  verse: [
    ["I", "V", "vi", "IV"],
    ["vi", "IV", "I", "V"],
    ["I", "vi", "IV", "V"],
  ],
  chorus: [
    ["IV", "I", "V", "vi"],
    ["I", "V", "vi", "IV"],
    ["vi", "IV", "I", "V"],
  ],
}
const popMinor: Progressions = {
  verse: [
    ["i", "bVI", "bIII", "bVII"],
    ["i", "iv", "bVI", "bVII"],
  ],
  chorus: [
    ["bVI", "bIII", "bVII", "i"],
    ["bVI", "bVII", "i", "i"],
  ],
}
const jazzMajor: Progressions = {
  verse: [
    ["ii7", "V7", "Imaj7", "vi7"],
    ["Imaj7", "vi7", "ii7", "V7"],
  ],
  chorus: [
    ["IVmaj7", "iii7", "ii7", "V7"],
    ["iii7", "vi7", "ii7", "V7"],
  ],
}
const jazzMinor: Progressions = {
  verse: [
    ["i7", "iv7", "bVImaj7", "V7"],
    ["i7", "bVImaj7", "iv7", "V7"],
  ],
  chorus: [
    ["iv7", "bVII7", "bIIImaj7", "bVImaj7"],
    ["bVImaj7", "V7", "i7", "i7"],
  ],
}

export const presets: Record<Genre, GenrePreset> = {
  pop: {
    bpm: [108, 124],
    mode: "major",
    keys: [0, 2, 4, 5, 7, 9],
    swing: 0,
    swingUnit: 16,
    delivery: "sing",
    voice: "female",
    drums: "pop",
    drumKit: drumKit.standard,
    bassStyle: "pop",
    bass: program.fingerBass,
    compStyle: "strum",
    comp: program.acousticGuitar,
    comp2: program.piano,
    pad: program.warmPad,
    lead: program.sawLead,
    major: popMajor,
    minor: popMinor,
  },
  hiphop: {
    bpm: [84, 94],
    mode: "minor",
    keys: [0, 2, 5, 7, 9, 10],
    swing: 0.22,
    swingUnit: 16,
    delivery: "rap",
    voice: "male",
    drums: "boombap",
    drumKit: drumKit.tr808,
    bassStyle: "808",
    bass: program.synthBass1,
    compStyle: "stabs",
    comp: program.electricPiano,
    comp2: null,
    pad: program.slowStrings,
    lead: program.electricPiano2,
    major: { verse: [["vi7", "IVmaj7", "I", "V"]], chorus: [["IVmaj7", "V", "iii7", "vi7"]] },
    minor: {
      verse: [
        ["i", "bVI", "bIII", "bVII"],
        ["i7", "iv7", "bVImaj7", "v7"],
        ["i", "i", "bVI", "bVII"],
      ],
      chorus: [
        ["bVI", "bVII", "i", "i"],
        ["iv7", "bVII", "bIIImaj7", "bVImaj7"],
      ],
    },
  },
  lofi: {
    bpm: [72, 84],
    mode: "major",
    keys: [0, 2, 5, 7, 9, 10],
    swing: 0.28,
    swingUnit: 16,
    delivery: "rap",
    voice: "male",
    drums: "lofi",
    drumKit: drumKit.jazz,
    bassStyle: "lofi",
    bass: program.fingerBass,
    compStyle: "lofi",
    comp: program.electricPiano,
    comp2: null,
    pad: null,
    lead: program.vibraphone,
    major: jazzMajor,
    minor: jazzMinor,
  },
  jazz: {
    bpm: [96, 132],
    mode: "major",
    keys: [0, 3, 5, 7, 8, 10],
    swing: 0.33,
    swingUnit: 8,
    delivery: "sing",
    voice: "female",
    drums: "jazz",
    drumKit: drumKit.brush,
    bassStyle: "walking",
    bass: program.acousticBass,
    compStyle: "jazz",
    comp: program.piano,
    comp2: null,
    pad: null,
    lead: program.tenorSax,
    major: jazzMajor,
    minor: jazzMinor,
  },
  classical: {
    bpm: [68, 92],
    mode: "major",
    keys: [0, 2, 5, 7, 9],
    swing: 0,
    swingUnit: 16,
    delivery: "sing",
    voice: "female",
    drums: "none",
    drumKit: drumKit.orchestra,
    bassStyle: "sustain",
    bass: program.cello,
    compStyle: "arp",
    comp: program.piano,
    comp2: null,
    pad: program.strings,
    lead: program.violin,
    major: {
      verse: [
        ["I", "V", "vi", "iii", "IV", "I", "IV", "V"],
        ["I", "IV", "V", "I"],
        ["I", "vi", "ii", "V"],
      ],
      chorus: [
        ["IV", "V", "iii", "vi", "ii", "V", "I", "I"],
        ["vi", "ii", "V", "I"],
      ],
    },
    minor: {
      verse: [
        ["i", "iv", "V", "i"],
        ["i", "bVI", "iv", "V"],
      ],
      chorus: [
        ["bIII", "bVI", "iv", "V"],
        ["iv", "i", "V", "i"],
      ],
    },
  },
  rock: {
    bpm: [118, 140],
    mode: "major",
    keys: [4, 9, 2, 7, 0],
    swing: 0,
    swingUnit: 16,
    delivery: "sing",
    voice: "male",
    drums: "rock",
    drumKit: drumKit.power,
    bassStyle: "root8",
    bass: program.pickBass,
    compStyle: "power",
    comp: program.overdrivenGuitar,
    comp2: null,
    pad: program.rockOrgan,
    lead: program.distortionGuitar,
    major: {
      verse: [
        ["I", "bVII", "IV", "I"],
        ["I", "V", "vi", "IV"],
      ],
      chorus: [
        ["IV", "I", "V", "V"],
        ["vi", "IV", "I", "V"],
      ],
    },
    minor: popMinor,
  },
  edm: {
    bpm: [122, 128],
    mode: "minor",
    keys: [0, 2, 5, 7, 9],
    swing: 0,
    swingUnit: 16,
    delivery: "sing",
    voice: "female",
    drums: "four",
    drumKit: drumKit.electronic,
    bassStyle: "root8",
    bass: program.synthBass2,
    compStyle: "stabs",
    comp: program.sawLead,
    comp2: null,
    pad: program.polyPad,
    lead: program.squareLead,
    major: popMajor,
    minor: popMinor,
  },
  ballad: {
    bpm: [66, 80],
    mode: "major",
    keys: [0, 2, 3, 5, 7, 8, 10],
    swing: 0,
    swingUnit: 16,
    delivery: "sing",
    voice: "female",
    drums: "ballad",
    drumKit: drumKit.standard,
    bassStyle: "sustain",
    bass: program.fingerBass,
    compStyle: "arp",
    comp: program.piano,
    comp2: null,
    pad: program.slowStrings,
    lead: program.flute,
    major: {
      verse: [
        ["I", "V", "vi", "iii", "IV", "I", "IV", "V"],
        ["I", "vi", "IV", "V"],
      ],
      chorus: [["IV", "V", "iii", "vi", "ii", "V", "I", "I"]],
    },
    minor: popMinor,
  },
  country: {
    bpm: [100, 120],
    mode: "major",
    keys: [7, 2, 9, 4, 0],
    swing: 0.1,
    swingUnit: 8,
    delivery: "sing",
    voice: "male",
    drums: "country",
    drumKit: drumKit.standard,
    bassStyle: "pop",
    bass: program.acousticBass,
    compStyle: "strum",
    comp: program.acousticGuitar,
    comp2: null,
    pad: null,
    lead: program.violin,
    major: {
      verse: [
        ["I", "IV", "I", "V"],
        ["I", "I", "IV", "V"],
      ],
      chorus: [
        ["IV", "I", "V", "I"],
        ["IV", "V", "I", "vi"],
      ],
    },
    minor: popMinor,
  },
  folk: {
    bpm: [92, 112],
    mode: "major",
    keys: [7, 2, 9, 0],
    swing: 0,
    swingUnit: 16,
    delivery: "sing",
    voice: "male",
    drums: "ballad",
    drumKit: drumKit.standard,
    bassStyle: "sustain",
    bass: program.acousticBass,
    compStyle: "strum",
    comp: program.acousticGuitar,
    comp2: null,
    pad: null,
    lead: program.flute,
    major: {
      verse: [
        ["I", "IV", "vi", "V"],
        ["I", "V", "IV", "I"],
      ],
      chorus: [["IV", "I", "V", "vi"]],
    },
    minor: popMinor,
  },
  rnb: {
    bpm: [84, 98],
    mode: "major",
    keys: [1, 3, 5, 8, 10],
    swing: 0.15,
    swingUnit: 16,
    delivery: "sing",
    voice: "female",
    drums: "boombap",
    drumKit: drumKit.tr808,
    bassStyle: "808",
    bass: program.fingerBass,
    compStyle: "lofi",
    comp: program.electricPiano,
    comp2: null,
    pad: program.warmPad,
    lead: program.electricPiano2,
    major: {
      verse: [
        ["Imaj7", "iii7", "vi7", "IVmaj7"],
        ["ii7", "iii7", "IVmaj7", "V7"],
      ],
      chorus: [["IVmaj7", "V7", "iii7", "vi7"]],
    },
    minor: jazzMinor,
  },
}
