import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./app/app.tsx"
import { reportUncaughtErrors } from "./lib/report-errors.ts"
import "./styles.css"

reportUncaughtErrors()

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
