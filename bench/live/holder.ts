/**
 * A process of its own that holds the benchmark's live streams, so that opening and closing hundreds of
 * them never slows the process that times `/api/health` (run.ts). Asked over IPC: `open` (answers how
 * the opening went), `count` (how many are still open), `close` (ends them all, as closing the tabs would).
 */
import { type Opened, openStreams } from "./streams.ts"

type Ask =
  | { readonly ask: "open"; readonly base: string; readonly cookies: ReadonlyArray<string> }
  | { readonly ask: "count" }
  | { readonly ask: "close" }

let opened: Opened | undefined

process.on("message", async (message: Ask) => {
  if (message.ask === "open") {
    opened = await openStreams(message.base, message.cookies)
    process.send?.({ statuses: opened.statuses, ms: opened.ms })
  } else if (message.ask === "count") {
    process.send?.({ count: opened?.stillOpen() ?? 0 })
  } else {
    opened?.close()
    process.send?.({ closed: true })
    // Long enough for the aborted connections to go.
    setTimeout(() => process.exit(0), 1_000)
  }
})
