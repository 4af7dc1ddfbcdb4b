import { escapeHtml } from "#toolkit/escape-html.ts"

/** What a drawn page's link preview shows: OpenGraph's type, a title, words, its address and picture. */
export interface Preview {
  readonly type: string
  readonly title: string
  readonly description: string
  /** Absolute, as previews need it. */
  readonly url: string
  readonly image?: string | null | undefined
  /** Twitter's card: a large picture, or a small one beside the words. */
  readonly card: "summary" | "summary_large_image"
}

/** The tags every drawn page's head has: its title and description, and OpenGraph's and Twitter's cards. */
export const previewTags = (preview: Preview) => [
  `<title>${escapeHtml(preview.title)} - Melody Studio</title>`,
  `<meta property="og:type" content="${escapeHtml(preview.type)}">`,
  `<meta property="og:site_name" content="Melody Studio">`,
  `<meta property="og:title" content="${escapeHtml(preview.title)}">`,
  `<meta property="og:description" content="${escapeHtml(preview.description)}">`,
  `<meta property="og:url" content="${escapeHtml(preview.url)}">`,
  ...(preview.image ? [`<meta property="og:image" content="${escapeHtml(preview.image)}">`] : []),
  `<meta name="twitter:card" content="${preview.card}">`,
  `<meta name="twitter:title" content="${escapeHtml(preview.title)}">`,
  `<meta name="twitter:description" content="${escapeHtml(preview.description)}">`,
  `<meta name="description" content="${escapeHtml(preview.description)}">`,
]
