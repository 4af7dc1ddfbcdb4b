/** What the tune needs of a syllable: its stress, and whether a word begins with it. */
export interface SyllableShape {
  /** 0 unstressed, 1 primary, 2 secondary (the CMU lexicon's marks). */
  readonly stress: number
  readonly wordStart: boolean
}

const functionWords = new Set(
  (
    "a an the and or but of to in on at by for with from as is are was were be been am i you he she it we " +
    "they me my your his her its our their this that these those so if than then not no do does did have " +
    "has had will would can could shall should may might must just oh yeah"
  ).split(" "),
)

/**
 * Syllables counted from vowel groups, for songs nobody sings (the lead instrument plays the tune and no
 * speech synthesiser is asked). Sung songs take theirs from Festival, so that notes and audio agree.
 */
export const estimateSyllables = (line: string): ReadonlyArray<SyllableShape> => {
  const shapes: Array<SyllableShape> = []
  for (const raw of line.toLowerCase().split(/[^a-z']+/)) {
    const word = raw.replace(/'/g, "")
    if (word === "") continue
    let groups = (word.match(/[aeiouy]+/g) ?? []).length
    if (word.length > 2 && word.endsWith("e") && !word.endsWith("le") && !/[aeiouy]e$/.test(word))
      groups--
    const count = Math.max(1, groups)
    for (let k = 0; k < count; k++) {
      const stress = count === 1 ? (functionWords.has(word) ? 0 : 1) : k === 0 ? 1 : 0
      shapes.push({ stress, wordStart: k === 0 })
    }
  }
  return shapes.length > 0 ? shapes : [{ stress: 1, wordStart: true }]
}
