import tailwindcss from "@tailwindcss/vite"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
import { inlineStylesheet } from "./inline-stylesheet.ts"
import { keepSourceMaps } from "./keep-source-maps.ts"
import { precompress } from "./precompress.ts"
import { preloadApp } from "./preload-app.ts"

const songLinks = [
  "/modules/catalog/api-song-paths.ts",
  "/modules/catalog/api-covers.ts",
  "/web/src/lib/count-play.ts",
  "/web/src/components/creator-link.tsx",
]

/**
 * The SPA (`vite build`, into dist/) and the renderer the server draws public pages' first views with
 * (`vite build --ssr src/server-entry.tsx`, into dist-ssr/, outside what the server serves). The renderer
 * carries its packages, built for production, so that the server's first views are React's production
 * build whatever NODE_ENV says. The SPA's source maps go to source-maps/, kept by the server and never
 * served.
 */
export default defineConfig(({ isSsrBuild = false }) => ({
  root: import.meta.dirname,
  plugins: [
    react(),
    tailwindcss(),
    ...(isSsrBuild
      ? []
      : [
          inlineStylesheet(),
          preloadApp(),
          precompress(),
          keepSourceMaps(`${import.meta.dirname}/source-maps`),
        ]),
  ],
  ...(isSsrBuild ? { ssr: { noExternal: true, target: "node" as const }, publicDir: false } : {}),
  build: {
    outDir: isSsrBuild ? "dist-ssr" : "dist",
    emptyOutDir: true,
    target: isSsrBuild ? "node20" : "es2022",
    reportCompressedSize: false,
    sourcemap: isSsrBuild ? false : ("hidden" as const),
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: isSsrBuild
        ? {}
        : {
            // Every chunk's name is written twice in the entry (its import and its preload list), and a
            // hash does not compress: seven characters (the fewest Rollup takes for this many chunks) tell ours apart as well as eight.
            entryFileNames: "assets/[name]-[hash:7].js",
            chunkFileNames: "assets/[name]-[hash:7].js",
            // Vendor code changes rarely: separate chunks stay cached across releases of the app's code.
            manualChunks(id: string) {
              if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id))
                return "react"
              if (/node_modules\/(effect|@effect)\//.test(id)) return "effect"
              // Small modules every song card and list uses: one chunk, rather than one each whose
              // import and export lines cost more than the code, on every page that shows a song.
              if (songLinks.some((path) => id.endsWith(path))) return "song-links"
              return undefined
            },
          },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
    // The typed client is built from contract files outside web/.
    fs: { allow: [".."] },
  },
}))
