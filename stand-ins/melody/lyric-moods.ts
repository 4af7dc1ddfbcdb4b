/**
 * The mood of a song, read from the words people use for it, and how a mood colours the writing: which
 * tones of lines fit it and which adjectives paint its days and nights.
 */

export type Mood =
  | "happy"
  | "sad"
  | "romantic"
  | "nostalgic"
  | "energetic"
  | "calm"
  | "hopeful"
  | "dark"
  | "angry"

/** The emotional register of a line: a song takes its lines from the tones its mood allows. */
export type Tone = "bright" | "tender" | "blue" | "fierce"

const moodWords: ReadonlyArray<readonly [Mood, ReadonlyArray<string>]> = [
  [
    "happy",
    [
      "happy",
      "upbeat",
      "joyful",
      "joy",
      "cheerful",
      "fun",
      "playful",
      "sunny",
      "feel good",
      "feelgood",
      "celebratory",
      "celebration",
      "party",
      "glad",
      "bouncy",
      "groovy",
      "carefree",
      "light hearted",
      "lighthearted",
    ],
  ],
  [
    "sad",
    [
      "sad",
      "melancholic",
      "melancholy",
      "heartbroken",
      "heartbreak",
      "broken hearted",
      "brokenhearted",
      "grief",
      "grieving",
      "lonely",
      "loneliness",
      "sorrow",
      "sorrowful",
      "mournful",
      "somber",
      "sombre",
      "tearful",
      "tears",
      "crying",
      "breakup",
      "break up",
      "bittersweet",
    ],
  ],
  [
    "romantic",
    [
      "romantic",
      "romance",
      "love",
      "in love",
      "lover",
      "sensual",
      "sexy",
      "passion",
      "passionate",
      "valentine",
      "wedding",
      "crush",
      "sweetheart",
      "tender",
    ],
  ],
  [
    "nostalgic",
    [
      "nostalgic",
      "nostalgia",
      "memories",
      "memory",
      "remember",
      "reminiscing",
      "childhood",
      "old days",
      "throwback",
      "retro",
      "vintage",
      "wistful",
      "used to",
    ],
  ],
  [
    "energetic",
    [
      "energetic",
      "energy",
      "high energy",
      "hype",
      "intense",
      "powerful",
      "pumped",
      "epic",
      "anthemic",
      "driving",
      "fast",
      "explosive",
      "wild",
      "danceable",
    ],
  ],
  [
    "calm",
    [
      "calm",
      "chill",
      "chilled",
      "peaceful",
      "relaxed",
      "relaxing",
      "mellow",
      "soothing",
      "gentle",
      "quiet",
      "soft",
      "dreamy",
      "laid back",
      "laidback",
      "serene",
      "lullaby",
      "tranquil",
      "cozy",
      "cosy",
      "slow",
    ],
  ],
  [
    "hopeful",
    [
      "hopeful",
      "hope",
      "inspiring",
      "inspirational",
      "uplifting",
      "optimistic",
      "triumphant",
      "empowering",
      "empowerment",
      "motivational",
      "determined",
      "resilient",
      "brave",
    ],
  ],
  [
    "dark",
    [
      "dark",
      "moody",
      "haunting",
      "eerie",
      "gloomy",
      "ominous",
      "brooding",
      "sinister",
      "gothic",
      "menacing",
      "bleak",
      "despair",
    ],
  ],
  [
    "angry",
    [
      "angry",
      "anger",
      "rage",
      "furious",
      "aggressive",
      "rebellious",
      "defiant",
      "mad",
      "revenge",
      "frustrated",
      "frustration",
      "fury",
      "hate",
    ],
  ],
]

const normalise = (text: string): string =>
  ` ${text
    .toLowerCase()
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `

/** The mood a text names first ("Pop, upbeat, female vocals" is happy), if it names one. */
export const moodOf = (text: string): Mood | undefined => {
  const plain = normalise(text)
  let found: { mood: Mood; at: number } | undefined
  for (const [mood, words] of moodWords) {
    for (const word of words) {
      const at = plain.indexOf(` ${word} `)
      if (at >= 0 && (found === undefined || at < found.at)) found = { mood, at }
    }
  }
  return found?.mood
}

/** Whether a word only says how a song feels, so it cannot be what the song is about. */
export const isMoodAdjective = (word: string): boolean => moodAdjectives.has(word.toLowerCase())

const moodAdjectives = new Set(
  moodWords
    .flatMap(([, words]) => words)
    .filter((word) => !word.includes(" "))
    .filter(
      (word) =>
        ![
          "love",
          "joy",
          "memories",
          "memory",
          "childhood",
          "hope",
          "passion",
          "romance",
          "wedding",
          "party",
          "tears",
          "grief",
          "sorrow",
          "heartbreak",
          "loneliness",
          "valentine",
          "sweetheart",
          "crush",
          "lover",
          "despair",
          "rage",
          "revenge",
          "energy",
          "lullaby",
        ].includes(word),
    ),
)

const tones: Readonly<Record<Mood, ReadonlyArray<Tone>>> = {
  happy: ["bright"],
  energetic: ["bright", "fierce"],
  hopeful: ["bright", "tender"],
  romantic: ["tender"],
  calm: ["tender"],
  nostalgic: ["tender", "blue"],
  sad: ["blue"],
  dark: ["blue", "fierce"],
  angry: ["fierce"],
}

export const tonesOf = (mood: Mood): ReadonlyArray<Tone> => tones[mood]

// Each fits "those ___ days", "every ___ hour" and "the ___ nights".
const hues: Readonly<Record<Mood, ReadonlyArray<string>>> = {
  happy: ["golden", "sunny", "shining", "easy", "carefree"],
  energetic: ["wild", "electric", "restless", "reckless", "fearless"],
  hopeful: ["brighter", "better", "endless", "brand-new", "golden"],
  romantic: ["tender", "gentle", "sweet", "velvet", "starlit"],
  calm: ["quiet", "gentle", "slow", "easy", "peaceful"],
  nostalgic: ["faded", "golden", "younger", "distant", "bygone"],
  sad: ["lonely", "empty", "fading", "grey", "heavy"],
  dark: ["hollow", "silent", "colder", "heavy", "restless"],
  angry: ["bitter", "burning", "broken", "reckless", "wasted"],
}

export const huesOf = (mood: Mood): ReadonlyArray<string> => hues[mood]
