/** The most words of a question that are looked for; the rest are left out. */
const wordLimit = 12

/**
 * A question as a PostgreSQL text-search query: its words (letters and digits, in any script), each
 * required, the last as a prefix since it may be half typed. Nothing else of the text reaches the query's
 * syntax. A last word of one character is taken as still being typed and left out: as a prefix it would
 * match nearly every song. Undefined when nothing is left to look for.
 */
export const searchTerms = (question: string): string | undefined => {
  const all = (question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, wordLimit)
  const words = all.at(-1)?.length === 1 ? all.slice(0, -1) : all
  if (words.length === 0) return undefined
  return words
    .map((word, i) => (i === words.length - 1 && word === all.at(-1) ? `${word}:*` : word))
    .join(" & ")
}
