/**
 * Sends every error nothing caught to the server's error stream (report-errors.ts). The reporter, and the
 * API client it sends with, load with the first such error: a page that has none never runs them.
 */
export const reportUncaughtErrors = () => {
  const report = (error: unknown, kind: string) =>
    void import("./report-errors.ts").then(({ reportClientError }) =>
      reportClientError(error, { kind }),
    )
  window.addEventListener("error", (event) => report(event.error ?? event.message, "error"))
  window.addEventListener("unhandledrejection", (event) =>
    report(event.reason, "unhandledrejection"),
  )
}
