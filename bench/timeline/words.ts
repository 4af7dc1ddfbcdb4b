/**
 * The words the seeded songs, people and playlists are written in: a vocabulary of made-up words of two
 * or three syllables, used the way a language uses its words (a few in nearly every song, most rarely), so
 * a search meets what it meets in real lyrics: words that match a handful of songs, and prefixes that
 * match thousands.
 */
const consonants = ["b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z"]
const vowels = ["a", "e", "i", "o", "u", "ai", "ou"]

const syllables = consonants.flatMap((c) => vowels.map((v) => c + v))

/** `count` distinct words (at most the pairs of syllables), the same on every run, in a mixed order. */
const vocabulary = (count: number) => {
  const pairs = syllables.length ** 2
  return Array.from({ length: Math.min(count, pairs) }, (_, i) => {
    // 7919 is prime to the number of pairs, so this visits each pair once.
    const n = (i * 7919) % pairs
    const third = i % 3 === 0 ? syllables[(i * 31) % syllables.length]! : ""
    return syllables[n % syllables.length]! + syllables[Math.floor(n / syllables.length)]! + third
  })
}

export const words = vocabulary(5000)

/**
 * SQL for one word drawn at random, the first ones far more often (the n-th about as often as 1/n², as in
 * a language), from the array `$words`. `seed` must name a column of the row, so each row draws its own.
 */
export const wordSql = (wordsParam: string, seed: string) =>
  `(${wordsParam})[1 + floor(power(random() + 0 * ${seed}, 3) * array_length(${wordsParam}, 1))::int]`

/** SQL for `count` random words joined by spaces, drawn again for each row (see `wordSql`). */
export const phraseSql = (wordsParam: string, seed: string, count: number) =>
  `(select string_agg(${wordSql(wordsParam, "i")}, ' ') from generate_series(1, ${count} + 0 * ${seed}) i)`

/** SQL for a song's lyrics: a verse and a chorus of `lines` lines (an even number) of six words each. */
export const lyricsSql = (wordsParam: string, seed: string, lines: number) =>
  `(select '[Verse 1]' || chr(10) || string_agg(${wordSql(wordsParam, "i")},
      case when i = ${lines * 3 + 1} then chr(10) || '[Chorus]' || chr(10)
           when (i - 1) % 6 = 0 then chr(10) else ' ' end order by i)
      from generate_series(1, ${lines * 6} + 0 * ${seed}) i)`

/** `count` words drawn as `wordSql` draws them (the first far more often), joined by spaces. */
export const phrase = (count: number) =>
  Array.from({ length: count }, () => words[Math.floor(Math.random() ** 3 * words.length)]!).join(
    " ",
  )
