const vowel = /[aeiouy]/i
/** Consonant pairs that start an English syllable together ("air|planes", "moun|tain" does not). */
const onset =
  /^(bl|br|ch|cl|cr|dr|fl|fr|gl|gr|ph|pl|pr|sc|sh|sk|sl|sm|sn|sp|st|sw|th|tr|tw|wh|wr)$/i

/**
 * A word's spelling cut into `count` sung syllables for a karaoke display. A cut goes before each vowel
 * group after the first (a final silent "e" starts none): before its one consonant ("gol|den"), or its
 * last consonant of several ("win|dow"), or a pair that starts syllables ("air|planes"). A word with
 * fewer vowel groups than notes keeps its spelling on the first and holds the rest ("-", as notation
 * programs write a held syllable).
 */
export const syllableTexts = (word: string, count: number): ReadonlyArray<string> => {
  if (count <= 1) return [word]
  const cuts: Array<number> = []
  let consonantsFrom = 0
  for (let i = 0; i < word.length; i++) {
    if (!vowel.test(word[i]!)) continue
    const startsGroup = i > 0 && !vowel.test(word[i - 1]!)
    const silentE = /e/i.test(word[i]!) && (i === word.length - 1 || /^s$/i.test(word.slice(i + 1)))
    if (startsGroup && !silentE && consonantsFrom > 0) {
      const run = word.slice(consonantsFrom, i)
      cuts.push(run.length <= 1 ? consonantsFrom : onset.test(run.slice(-2)) ? i - 2 : i - 1)
    }
    consonantsFrom = i + 1
  }
  if (cuts.length < count - 1) return [word, ...Array.from({ length: count - 1 }, () => "-")]
  const kept = cuts.slice(0, count - 1)
  return [0, ...kept].map((from, k) => word.slice(from, kept[k] ?? word.length))
}
