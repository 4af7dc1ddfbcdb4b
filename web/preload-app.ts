import type { OutputBundle, OutputChunk } from "rollup"
import type { Plugin } from "vite"

/** The module the entry imports when the page needs the app (web/src/main.tsx). */
const appStart = /\/src\/app\/start\.tsx$/

/** A chunk and every chunk it imports statically, transitively. */
const staticGraph = (bundle: OutputBundle, chunk: OutputChunk, seen = new Set<string>()) => {
  if (seen.has(chunk.fileName)) return seen
  seen.add(chunk.fileName)
  for (const name of chunk.imports) {
    const next = bundle[name]
    if (next?.type === "chunk") staticGraph(bundle, next, seen)
  }
  return seen
}

/**
 * Preloads the app's files with index.html: the entry runs them only when the page needs the app (a page
 * the server drew, at the visitor's first move), and by then they are here. A preloaded module is fetched
 * and parsed, not run.
 */
export const preloadApp = (): Plugin => ({
  name: "melody-preload-app",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler: (html, { bundle }) => {
      if (bundle === undefined) return html
      const start = Object.values(bundle).find(
        (file): file is OutputChunk =>
          file.type === "chunk" && file.moduleIds.some((id) => appStart.test(id)),
      )
      if (start === undefined) throw new Error("the build has no chunk holding src/app/start.tsx")
      const links = [...staticGraph(bundle, start)]
        .filter((file) => !html.includes(`/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      return html.replace("</head>", () => `  ${links.join("\n    ")}\n  </head>`)
    },
  },
})
