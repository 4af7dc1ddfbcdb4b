/** The most words of a question that are looked for; the rest are left out. */
const wordLimit = 12

/**
 * A question as a PostgreSQL text-search query: its words (letters and digits, in any script), each
 * required, the last as a prefix since it may be half typed. Nothing else of the text reaches the query's
 * syntax. Undefined when it has no word at all.
 */
export const searchTerms = (question: string): string | undefined => {
  const words = (question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, wordLimit)
  if (words.length === 0) return undefined
  return words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(" & ")
}
