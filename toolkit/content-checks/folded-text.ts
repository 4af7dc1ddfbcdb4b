/**
 * Text as the content checks compare it: lower case, accents and punctuation gone, words one space apart
 * ("Beyoncé's" and "beyonce s" read the same; "&" reads "and"), so a name or a phrase is found however it
 * is written, and only as whole words.
 */
export const foldText = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()

/** Whether folded text holds a folded phrase as whole words ("swift" is not in "swiftly"). */
export const holdsPhrase = (folded: string, phrase: string) =>
  phrase !== "" && ` ${folded} `.includes(` ${phrase} `)
