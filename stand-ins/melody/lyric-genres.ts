import type { Mood } from "./lyric-moods.ts"

/**
 * The genres the offline writer knows, how to recognise them in a style, and what each sounds like on
 * the page: where its songs happen, what is heard and seen there, which rhymes it leans on and how long
 * its lines run.
 */

export type Genre =
  | "pop"
  | "rock"
  | "hip-hop"
  | "country"
  | "jazz"
  | "electronic"
  | "classical"
  | "lo-fi"
  | "r&b"
  | "folk"
  | "blues"
  | "metal"
  | "reggae"

export interface SyllableRange {
  readonly min: number
  readonly max: number
}

export interface GenreProfile {
  readonly lineSyllables: SyllableRange
  /** The mood when neither the style nor the description names one. */
  readonly mood: Mood
  /** Where a scene happens, as a phrase that starts with its preposition ("on the front porch"). */
  readonly places: ReadonlyArray<string>
  /** Something heard, as a noun phrase ("the old guitar"). */
  readonly sounds: ReadonlyArray<string>
  /** Something seen or held, as a noun phrase ("the porch light"). */
  readonly sights: ReadonlyArray<string>
  /** Settings beyond the common ones ("in the rain") that belong in its songs ("in the haze", "in the creek"). */
  readonly scenes: ReadonlyArray<string>
  /** Words that say the genre at once; every song shows at least one (country: road, porch, dust). */
  readonly signature: ReadonlyArray<string>
  /** Rhyme words the genre reaches for first. */
  readonly rhymes: ReadonlyArray<string>
  /** Sung openers that lengthen a short line without changing its sense, shortest first. */
  readonly openers: ReadonlyArray<string>
}

const keywords: ReadonlyArray<readonly [Genre, ReadonlyArray<string>]> = [
  ["hip-hop", ["hip hop", "hiphop", "rap", "rapper", "trap", "drill", "boom bap", "grime"]],
  [
    "r&b",
    ["r&b", "r & b", "rnb", "r and b", "rhythm and blues", "soul", "neo soul", "motown", "funk"],
  ],
  ["lo-fi", ["lo fi", "lofi", "chillhop"]],
  [
    "electronic",
    [
      "electronic",
      "electronica",
      "edm",
      "house",
      "techno",
      "synthwave",
      "synth wave",
      "synthpop",
      "synth pop",
      "trance",
      "dubstep",
      "drum and bass",
      "dnb",
      "electro",
      "disco",
      "rave",
      "vaporwave",
      "future bass",
    ],
  ],
  [
    "classical",
    [
      "classical",
      "orchestral",
      "orchestra",
      "symphonic",
      "symphony",
      "opera",
      "operatic",
      "baroque",
      "cinematic",
      "string quartet",
      "choral",
      "neoclassical",
    ],
  ],
  ["country", ["country", "americana", "bluegrass", "honky tonk", "western", "nashville"]],
  ["jazz", ["jazz", "jazzy", "swing", "bebop", "bossa nova", "big band", "ragtime"]],
  ["folk", ["folk", "folksy", "singer songwriter", "celtic"]],
  ["blues", ["blues", "bluesy"]],
  ["metal", ["metal", "heavy metal", "metalcore", "thrash", "djent"]],
  ["reggae", ["reggae", "dancehall", "ska", "dub", "reggaeton", "rocksteady"]],
  [
    "rock",
    [
      "rock",
      "punk",
      "grunge",
      "alternative",
      "alt rock",
      "garage",
      "emo",
      "shoegaze",
      "rock n roll",
    ],
  ],
  ["pop", ["pop", "k pop", "kpop", "j pop", "dance pop", "indie pop", "ballad"]],
]

const normalise = (text: string): string =>
  ` ${text
    .toLowerCase()
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}&]+/gu, " ")
    .trim()} `

/** The genre a text names first, if it names one; the longer name wins a tie ("rhythm and blues"). */
export const findGenre = (text: string): Genre | undefined => {
  const plain = normalise(text)
  let found: { genre: Genre; at: number; length: number } | undefined
  for (const [genre, names] of keywords) {
    for (const name of names) {
      const at = plain.indexOf(` ${name} `)
      if (at < 0) continue
      if (found === undefined || at < found.at || (at === found.at && name.length > found.length)) {
        found = { genre, at, length: name.length }
      }
    }
  }
  return found?.genre
}

/** The genre of a style ("Pop, upbeat, female vocals"); pop when it names none the writer knows. */
export const genreOf = (style: string): Genre => findGenre(style) ?? "pop"

const common = { min: 6, max: 12 }
const spoken = { min: 8, max: 16 }
const ballad = { min: 5, max: 11 }

const sung = ["Oh, ", "And ", "Oh, oh, ", "Oh, and ", "Oh, oh, oh, "]

export const genreProfiles: Readonly<Record<Genre, GenreProfile>> = {
  pop: {
    lineSyllables: common,
    mood: "happy",
    places: [
      "on the rooftop",
      "in my bedroom",
      "in the back seat",
      "at the party",
      "on the boulevard",
      "in the spotlight",
      "downtown",
    ],
    sounds: ["the radio", "our favorite song", "the stereo", "the playlist"],
    sights: ["the city lights", "the glitter", "the polaroid", "the disco ball", "the mirror"],
    scenes: ["snow", "park", "pool", "stars", "street", "sky", "skies", "heat"],
    signature: ["radio", "spotlight", "party", "rooftop", "city"],
    rhymes: ["light", "heart", "night", "sky", "stars", "dance", "sun", "free", "alive"],
    openers: sung,
  },
  rock: {
    lineSyllables: common,
    mood: "energetic",
    places: [
      "in the garage",
      "on the highway",
      "on the main stage",
      "in the streets",
      "in the mosh pit",
      "on the open road",
      "under thunder skies",
    ],
    sounds: [
      "my guitar",
      "the amplifier",
      "the thunder of the drums",
      "the jukebox",
      "the bass guitar",
    ],
    sights: [
      "the wildfire",
      "the fire",
      "the thunder",
      "the engine",
      "the crowd",
      "the highway",
      "the leather jacket",
      "the broken strings",
      "the stage lights",
    ],
    scenes: ["snow", "street", "fire", "blaze", "heat", "smoke", "stars", "sky", "skies", "bar"],
    signature: ["fire", "thunder", "streets", "highway"],
    rhymes: ["fire", "storm", "street", "roll", "control", "wild", "ground", "crown", "alive"],
    openers: ["Hey, ", "And ", "Oh, ", "Hey, hey, ", "Oh, and ", "Hey, hey, hey, "],
  },
  "hip-hop": {
    lineSyllables: spoken,
    mood: "energetic",
    places: [
      "on the block",
      "on the corner",
      "in the studio",
      "in the booth",
      "on the concrete",
      "on the subway",
      "in the cipher",
    ],
    sounds: ["the beat", "the bassline", "the rhythm", "the boom box", "the 808"],
    sights: [
      "the hustle",
      "my notebook",
      "the city skyline",
      "my fresh sneakers",
      "the gold chain",
      "the grind",
    ],
    scenes: ["street", "heat", "park", "smoke"],
    signature: ["block", "hustle", "rhythm", "corner"],
    rhymes: ["block", "top", "crown", "bars", "rhyme", "street", "beat", "control", "mark", "deal"],
    openers: [
      "Yeah, ",
      "Uh, ",
      "Yeah, yeah, ",
      "Uh, yeah, ",
      "Yeah, yeah, yeah, ",
      "Uh, yeah, yeah, ",
    ],
  },
  country: {
    lineSyllables: common,
    mood: "nostalgic",
    places: [
      "on the front porch",
      "down a dusty road",
      "in my pickup truck",
      "by the railroad tracks",
      "at the county fair",
      "on a gravel road",
      "in the cotton fields",
      "by the old red barn",
    ],
    sounds: [
      "the old guitar on the porch",
      "the fiddle",
      "the church bells",
      "the banjo",
      "the steel guitar",
    ],
    sights: [
      "the screen door",
      "the dust",
      "the porch light",
      "my dusty boots",
      "the whiskey",
      "the fireflies",
      "the water tower",
    ],
    scenes: [
      "snow",
      "creek",
      "dust",
      "west",
      "trees",
      "heat",
      "fire",
      "stars",
      "sky",
      "dew",
      "lake",
      "bar",
    ],
    signature: ["road", "porch", "dust", "pickup"],
    rhymes: ["dust", "road", "west", "creek", "ride", "drive", "rain", "home", "town", "wheel"],
    openers: ["Oh, ", "And ", "Lord, ", "Oh, Lord, ", "Well, and ", "Oh, Lord, and "],
  },
  jazz: {
    lineSyllables: common,
    mood: "romantic",
    places: [
      "in a smoky room",
      "at the corner bar",
      "in the velvet lounge",
      "on a midnight street",
      "in the speakeasy",
      "by the old piano",
      "in a basement club",
    ],
    sounds: ["the saxophone", "the trumpet", "the double bass", "the piano keys", "the clarinet"],
    sights: [
      "the smoke",
      "the martini",
      "the velvet curtain",
      "the midnight train",
      "the streetlamp",
    ],
    scenes: ["snow", "bar", "smoke", "blue", "steam", "haze", "street", "hall"],
    signature: ["midnight", "smoke", "blue", "saxophone"],
    rhymes: ["blue", "smoke", "bar", "night", "dark", "wine", "moon", "swing", "tune"],
    openers: ["Oh, ", "And ", "Baby, ", "Oh, baby, ", "And oh, baby, ", "Oh, oh, baby, "],
  },
  electronic: {
    lineSyllables: common,
    mood: "energetic",
    places: [
      "under neon lights",
      "on the dance floor",
      "in the strobe light",
      "in the warehouse",
      "under laser beams",
      "at the rave",
    ],
    sounds: ["the bass", "the pulse", "the synth", "the kick drum", "the speakers"],
    sights: ["the neon", "the laser light", "the strobe", "the glow sticks", "the digital haze"],
    scenes: ["snow", "haze", "heat", "fire", "stars", "sky", "skies", "blaze", "street"],
    signature: ["neon", "pulse", "lights", "bass"],
    rhymes: ["beat", "sound", "glow", "light", "night", "drop", "fire", "high", "alive"],
    openers: sung,
  },
  classical: {
    lineSyllables: ballad,
    mood: "calm",
    places: [
      "in the grand hall",
      "in the candlelight",
      "on the marble stairs",
      "in the old chapel",
      "under the arches",
      "in the concert hall",
    ],
    sounds: [
      "the strings",
      "the violin",
      "the orchestra",
      "the cathedral bells",
      "the cello",
      "the choir",
    ],
    sights: [
      "the eternal flame",
      "the chandeliers",
      "the stained glass",
      "the marble statues",
      "the grand piano",
    ],
    scenes: ["snow", "hall", "flame", "tide", "stars", "sky", "skies", "trees", "stream", "dew"],
    signature: ["eternal", "grand", "strings"],
    rhymes: ["hall", "soul", "light", "time", "grace", "praise", "forevermore", "divine", "heart"],
    openers: ["Oh, ", "Ah, ", "Oh, oh, ", "Ah, and ", "Oh, oh, oh, "],
  },
  "lo-fi": {
    lineSyllables: ballad,
    mood: "calm",
    places: [
      "by the window",
      "in my room",
      "on the late train",
      "in the coffee shop",
      "at my desk",
      "on a rainy street",
    ],
    sounds: ["the vinyl", "the old cassette", "my headphones", "the old piano", "the lo-fi radio"],
    sights: [
      "the coffee",
      "the desk lamp",
      "the sleepy cat",
      "the foggy window",
      "the rainy glass",
    ],
    scenes: ["snow", "haze", "steam", "blue", "street", "trees", "park"],
    signature: ["coffee", "vinyl", "rainy", "window"],
    rhymes: ["rain", "afternoon", "room", "low", "dream", "slow", "haze", "ease", "tune"],
    openers: sung,
  },
  "r&b": {
    lineSyllables: common,
    mood: "romantic",
    places: [
      "in the candlelight",
      "in your arms",
      "on a late night drive",
      "in the velvet dark",
      "by the record player",
      "under satin sheets",
    ],
    sounds: ["the slow jam", "the record player", "the bass guitar", "the soul record"],
    sights: ["the velvet", "the candles", "your perfume", "the silk sheets", "your lipstick"],
    scenes: ["snow", "fire", "flame", "heat", "blue", "haze", "stars", "street"],
    signature: ["velvet", "candlelight", "slow"],
    rhymes: ["love", "heart", "night", "fire", "desire", "mine", "wine", "near", "soul"],
    openers: ["Ooh, ", "Baby, ", "Ooh, baby, ", "Oh, baby, ", "Ooh, oh, baby, "],
  },
  folk: {
    lineSyllables: common,
    mood: "nostalgic",
    places: [
      "by the river",
      "in the meadow",
      "on the mountain",
      "by the campfire",
      "on the hillside",
      "by the harbor",
      "down the valley",
      "in the orchard",
    ],
    sounds: ["the harmonica", "the mandolin", "the fiddle", "the banjo"],
    sights: [
      "the lantern",
      "the wildflowers",
      "the old oak tree",
      "the wooden bridge",
      "the autumn leaves",
    ],
    scenes: [
      "snow",
      "creek",
      "trees",
      "lake",
      "stream",
      "dew",
      "fire",
      "tide",
      "stars",
      "sky",
      "frost",
    ],
    signature: ["river", "mountain", "lantern", "meadow", "harmonica"],
    rhymes: ["trees", "creek", "home", "road", "breeze", "snow", "rain", "fall", "tide"],
    openers: sung,
  },
  blues: {
    lineSyllables: common,
    mood: "sad",
    places: [
      "at the crossroads",
      "down in the delta",
      "in a juke joint",
      "by the muddy river",
      "on the midnight train",
      "in a cheap hotel",
      "on the levee",
    ],
    sounds: ["the slide guitar", "the harmonica", "the jukebox", "the old piano"],
    sights: ["the whiskey", "the muddy water", "the rented room", "the empty bottle"],
    scenes: ["smoke", "bar", "blue", "dust", "street", "heat"],
    signature: ["crossroads", "whiskey", "delta", "jukebox"],
    rhymes: ["rain", "blue", "road", "train", "pain", "down", "low", "cry", "alone"],
    openers: ["Oh, ", "Lord, ", "Well, ", "Oh, Lord, ", "Well, oh, Lord, ", "Oh, Lord, Lord, "],
  },
  metal: {
    lineSyllables: common,
    mood: "angry",
    places: [
      "on the battlefield",
      "in the ruins",
      "beneath the storm",
      "at the iron gates",
      "in the inferno",
      "on a burning throne",
    ],
    sounds: ["the war drums", "the roaring amps", "the guitars", "the double kick"],
    sights: ["the steel", "the ashes", "the iron chains", "the blade", "the ravens", "the thunder"],
    scenes: ["snow", "blaze", "frost", "gloom", "smoke", "fire", "flame"],
    signature: ["steel", "ashes", "iron", "war"],
    rhymes: ["fire", "storm", "blaze", "frost", "dark", "control", "crown", "ground", "war"],
    openers: ["Oh, ", "And ", "Hey, ", "Oh, oh, ", "Hey, hey, ", "Oh, oh, oh, "],
  },
  reggae: {
    lineSyllables: common,
    mood: "happy",
    places: [
      "on the island",
      "by the ocean",
      "under palm trees",
      "on the sandy shore",
      "on the beach",
      "by the seaside",
    ],
    sounds: ["the riddim", "the steel drums", "the sound system", "the bass drum"],
    sights: ["the ocean waves", "the palm trees", "the island sun", "the fishing boats"],
    scenes: ["sand", "tide", "sky", "stars", "heat"],
    signature: ["island", "ocean", "palm", "riddim"],
    rhymes: ["sun", "breeze", "sand", "tide", "free", "love", "together", "day", "ease"],
    openers: ["Oh, ", "Yeah, ", "Oh, yeah, ", "Yeah, man, ", "Oh, oh, yeah, "],
  },
}

/**
 * How long a line may run: the genre's range, or a ballad's gentler one when the style asks for a
 * ballad (rap keeps its own).
 */
export const lineRange = (genre: Genre, style: string): SyllableRange =>
  genre !== "hip-hop" && /\bballads?\b/i.test(style) ? ballad : genreProfiles[genre].lineSyllables
