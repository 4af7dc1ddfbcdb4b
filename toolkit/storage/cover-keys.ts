import { type CoverWidth, coverWidths } from "#modules/catalog/api-covers.ts"

/** Where a JPEG cover's WebP twin is kept, when it has one: pages are sent it, previews the JPEG. */
export const webpCoverOf = (jpegKey: string) => jpegKey.replace(/\.jpg$/, ".webp")

/** Where a cover's copy at `width` (the catalog's api-covers.ts) is kept, as WebP. */
export const sizedCoverOf = (coverKey: string, width: CoverWidth) =>
  `sized/${coverKey.replace(/\.[a-z0-9]+$/, "")}.w${width}.webp`

/** Every smaller copy a cover may have: what goes with it when it goes. */
export const sizedCoversOf = (coverKey: string) =>
  coverWidths.map((width) => sizedCoverOf(coverKey, width))
