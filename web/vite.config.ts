import tailwindcss from "@tailwindcss/vite"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
import { inlineStylesheet } from "./inline-stylesheet.ts"
import { precompress } from "./precompress.ts"

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), inlineStylesheet(), precompress()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: false,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // Vendor code changes rarely: separate chunks stay cached across releases of the app's own code.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return "react"
          if (/node_modules\/(effect|@effect)\//.test(id)) return "effect"
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
})
