/**
 * The smaller widths a stored cover is also served at, in pixels, for pages that show it small: made
 * when first asked for (`?width=`), then kept. The engine draws covers at 1024 px; a music API's come at
 * its own size, usually as large.
 */
export const coverWidths = [256, 512, 768] as const
export type CoverWidth = (typeof coverWidths)[number]

/** A stored cover at each width it is served at, for an image's `srcset`. */
export const coverSrcSet = (coverUrl: string) =>
  [...coverWidths.map((width) => `${coverUrl}?width=${width} ${width}w`), `${coverUrl} 1024w`].join(
    ", ",
  )

/** How wide the pages draw covers, for an image's `sizes`: a card in the grid, a song's page. */
export const coverSizes = {
  card: "(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 100vw",
  page: "(min-width: 768px) 18rem, 100vw",
  dialog: "12rem",
} as const
