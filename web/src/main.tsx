import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./app/app.tsx"
import { reportUncaughtErrors } from "./lib/report-errors.ts"
import "./styles.css"

reportUncaughtErrors()

// The built app is installable and its shell starts from the phone's cache (public/sw.js); the dev
// server's modules change on every save and are left alone.
if (import.meta.env.PROD && "serviceWorker" in navigator)
  window.addEventListener("load", () => void navigator.serviceWorker.register("/sw.js"))

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
