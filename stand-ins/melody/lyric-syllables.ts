/**
 * A heuristic syllable counter for English lyrics: vowel groups, corrected for the common spelling
 * patterns (silent final e, -ed, -es, "le" endings, vowels that are sung apart) and a short list of
 * words the rules get wrong. It decides whether a line is singable, so it errs towards sung counts
 * ("every" is two, not three).
 */

const exceptions: Readonly<Record<string, number>> = {
  every: 2,
  everybody: 4,
  everyone: 3,
  everything: 3,
  everywhere: 3,
  evening: 2,
  quiet: 2,
  diet: 2,
  science: 2,
  client: 2,
  society: 4,
  anxiety: 4,
  variety: 4,
  pioneer: 3,
  idea: 3,
  ideas: 3,
  area: 3,
  create: 2,
  created: 3,
  react: 2,
  reality: 4,
  theater: 3,
  maybe: 2,
  recipe: 3,
  karaoke: 4,
  hundred: 2,
  sacred: 2,
  naked: 2,
  wicked: 2,
  beloved: 3,
  crooked: 2,
  rugged: 2,
  jagged: 2,
  ragged: 2,
  rhythm: 2,
  rhythms: 2,
  prism: 2,
  people: 2,
  poem: 2,
  poems: 2,
  business: 2,
  lyric: 2,
  lyrics: 2,
  real: 1,
  fire: 1,
  fires: 1,
  hour: 1,
  hours: 1,
  our: 1,
  mr: 2,
  mrs: 2,
  dr: 2,
  riddim: 2,
  ukulele: 4,
  cafe: 2,
  halloween: 3,
  chandelier: 3,
  chandeliers: 3,
}

// Words built from a silent-e word keep that e silent inside the compound ("lonely", "somewhere").
const prefixes = [
  "some",
  "fire",
  "home",
  "love",
  "life",
  "lone",
  "hope",
  "time",
  "wide",
  "side",
  "safe",
]
const prefixExtras = [
  "care",
  "grace",
  "place",
  "stone",
  "whole",
  "wine",
  "note",
  "rose",
  "house",
  "bare",
  "juke",
]
const compoundHeads = [...prefixes, ...prefixExtras]
const suffixes = ["fully", "lessly", "less", "ful", "ness", "ment", "ments", "ly", "where", "times"]
const suffixExtras = ["time", "more", "side", "line", "light", "like", "place"]
const compoundTails = [...suffixes, ...suffixExtras]

const vowels = new Set(["a", "e", "i", "o", "u", "y"])

// "y" is a consonant before a vowel when it starts the word or follows another vowel ("yes", "player").
const vowelFlags = (word: string): Array<boolean> =>
  [...word].map((letter, index) => {
    if (letter !== "y") return vowels.has(letter)
    const before = word[index - 1]
    const after = word[index + 1]
    const beforeVowel = before !== undefined && before !== "y" && vowels.has(before)
    const afterVowel = after !== undefined && vowels.has(after)
    return !(afterVowel && (index === 0 || beforeVowel))
  })

// Vowel pairs that are sung as two syllables, with the spellings where they merge.
const splitPairs: ReadonlyArray<{ readonly pair: RegExp; readonly unless: RegExp }> = [
  { pair: /ia/g, unless: /[ctgs]ia/ },
  { pair: /io/g, unless: /[ctsgx]io/ },
  { pair: /eo/g, unless: /eo(p|u)|geo|ceo/ },
  { pair: /ua/g, unless: /[gq]ua/ },
  { pair: /uo/g, unless: /[gq]uo/ },
  { pair: /iu/g, unless: /$^/ },
  { pair: /oe(?=[^s]|s.)/g, unless: /$^/ },
  { pair: /ue(?=[lt])/g, unless: /[gq]ue/ },
]

const countSplits = (word: string): number => {
  let extra = 0
  for (const { pair, unless } of splitPairs) {
    for (const match of word.matchAll(pair)) {
      const at = match.index ?? 0
      const around = word.slice(Math.max(0, at - 1), at + match[0].length + 1)
      if (!unless.test(around)) extra++
    }
  }
  return extra
}

const vowelGroups = (word: string): number => {
  const flags = vowelFlags(word)
  let groups = 0
  for (let index = 0; index < flags.length; index++) {
    if (flags[index] && !flags[index - 1]) groups++
  }
  return groups
}

const sibilantBeforeEs = /(s|x|z|ch|sh|c|g)es$/
const consonantLe = /[^aeiouy]le$/

const countPlain = (raw: string): number => {
  let word = raw.replace(/qu/g, "qw")
  let extra = 0
  if (word.length > 3) {
    if (/[^aeiouy]les$/.test(word)) word = word.slice(0, -1)
    else if (word.endsWith("es") && !sibilantBeforeEs.test(word)) word = word.slice(0, -2)
    else if (/[^tde]ed$/.test(word)) word = word.slice(0, -2)
  }
  if (word.length > 2 && consonantLe.test(word)) {
    word = word.slice(0, -1)
    extra++
  } else if (word.length > 2 && word.endsWith("e") && !word.endsWith("ee")) {
    word = word.slice(0, -1)
  }
  if (word.length > 4 && /i(er|est)$/.test(word)) extra++
  if (/ing$/.test(word) && word.length > 4) {
    const flags = vowelFlags(word)
    if (flags[word.length - 4]) extra++
  }
  return Math.max(1, vowelGroups(word) + countSplits(word) + extra)
}

const countLatin = (word: string): number => {
  const known = exceptions[word]
  if (known !== undefined) return known
  for (const head of compoundHeads) {
    const rest = word.slice(head.length)
    if (word.startsWith(head) && rest.length >= 2 && /[aeiouy]/.test(rest)) {
      return countLatin(head) + countLatin(rest)
    }
  }
  for (const tail of compoundTails) {
    const stem = word.slice(0, -tail.length)
    if (word.endsWith(tail) && stem.length >= 2 && /[aeiouy]/.test(stem)) {
      return countLatin(stem) + countLatin(tail)
    }
  }
  return countPlain(word)
}

// One syllable per character in scripts written that way; a rough third of the letters elsewhere.
const syllabicScript = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu

const countForeign = (token: string): number => {
  const syllabic = token.match(syllabicScript)?.length ?? 0
  const otherLetters = token.replace(syllabicScript, "").match(/\p{L}/gu)?.length ?? 0
  return syllabic + Math.ceil(otherLetters / 3)
}

/** The syllables of one word; punctuation, apostrophes and emoji count for nothing. */
export const countSyllables = (token: string): number => {
  const plain = token.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/['’]/g, "")
  const latin = plain.replace(/[^a-z]/g, "")
  const digits = plain.match(/\d/g)?.length ?? 0
  const foreign = plain.replace(/[a-z\d]/g, "")
  return (latin ? countLatin(latin) : 0) + digits + countForeign(foreign)
}

/** The syllables of a line: its words split on spaces and hyphens. */
export const lineSyllables = (line: string): number =>
  line
    .split(/[\s\-–—/]+/)
    .filter((token) => token.length > 0)
    .reduce((total, token) => total + countSyllables(token), 0)
