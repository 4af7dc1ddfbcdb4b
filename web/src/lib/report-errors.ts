import { callApi } from "./api.ts"

const maxReportsPerPage = 5
let reported = 0

/** Sends an error the browser saw to the server's error stream (a few per page load at most). */
export const reportClientError = (error: unknown, context: Record<string, unknown> = {}) => {
  if (reported >= maxReportsPerPage) return
  reported += 1
  const err = error instanceof Error ? error : new Error(String(error))
  void callApi((api) =>
    api.system.reportClientError({
      payload: {
        message: err.message.slice(0, 2000) || "Unknown error",
        ...(err.stack ? { stack: err.stack.slice(0, 20_000) } : {}),
        url: window.location.href.slice(0, 2000),
        context,
      },
    }),
  ).catch(() => undefined)
}
