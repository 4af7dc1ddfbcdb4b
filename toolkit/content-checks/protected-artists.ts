import { foldText, holdsPhrase } from "./folded-text.ts"

/**
 * Finds the protected artist a style names, however it is written: "in the style of Taylor Swift",
 * "taylor-swift vibes", "#TaylorSwift", "BEYONCÉ's". Names are matched as whole words, so "swift" or
 * "pink" alone name no one; the list leaves out names that are ordinary words (Queen, Prince), which would
 * refuse styles that name no artist.
 */
export const protectedArtistFinder = (artists: ReadonlyArray<string>) => {
  const forms = artists.flatMap((name) => {
    const folded = foldText(name)
    const joined = folded.replaceAll(" ", "")
    return folded === ""
      ? []
      : [{ name, folded }, ...(joined === folded ? [] : [{ name, folded: joined }])]
  })
  return (style: string): string | undefined => {
    const folded = foldText(style)
    return forms.find((form) => holdsPhrase(folded, form.folded))?.name
  }
}
