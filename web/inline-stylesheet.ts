import type { Plugin } from "vite"

/** The fonts the first paint sets its text in: Inter and Outfit's Latin files. */
const firstFonts = /^assets\/(inter|outfit)-latin-wght-normal-[\w-]+\.woff2$/

/**
 * Puts the app's stylesheet into index.html (10 KB compressed) and asks for the Latin fonts with the page:
 * a phone paints without waiting for a stylesheet's request, and its text meets its font sooner. The
 * pages are served with `no-cache`, so a stale inlined stylesheet is never kept.
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
        page = page.replace(link, () => `<style>${String(sheet.source)}</style>`)
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
