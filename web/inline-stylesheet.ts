import type { Plugin } from "vite"

/** The fonts the first paint sets its text in: Inter and Outfit's Latin files. */
const firstFonts = /^assets\/(inter|outfit)-latin-wght-normal-[\w-]+\.woff2$/

/**
 * Puts the app's stylesheet into index.html (10 KB compressed) and asks for the Latin fonts with the page:
 * a phone paints without waiting for a stylesheet's request, and its text meets its font sooner. The
 * pages are served with `no-cache`, so a stale inlined stylesheet is never kept. The fonts are `optional`
 * rather than `swap`: text is set in its font when the font arrives within the browser's short wait (a
 * preloaded font mostly does) and otherwise stays in the fallback until the next page, so text never
 * moves once painted (a late font reflowed a song's lyrics and the timeline's cards on a busy phone).
 */
export const inlineStylesheet = (): Plugin => ({
  name: "melody-inline-stylesheet",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler: (html, { bundle }) => {
      if (bundle === undefined) return html
      const assets = Object.values(bundle).flatMap((file) => (file.type === "asset" ? [file] : []))
      let page = html
      for (const sheet of assets.filter((file) => file.fileName.endsWith(".css"))) {
        const link = `<link rel="stylesheet" crossorigin href="/${sheet.fileName}">`
        if (!page.includes(link)) throw new Error(`index.html does not link ${sheet.fileName}`)
        const css = String(sheet.source).replaceAll("font-display:swap", "font-display:optional")
        page = page.replace(link, () => `<style>${css}</style>`)
      }
      const preloads = assets
        .filter((file) => firstFonts.test(file.fileName))
        .map(
          (font) =>
            `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font.fileName}">`,
        )
      return page.replace("</title>", () => `</title>\n    ${preloads.join("\n    ")}`)
    },
  },
})
