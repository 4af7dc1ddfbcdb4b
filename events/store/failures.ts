import { SqlError } from "@effect/sql"
import { Cause } from "effect"

/** A failure as a dead letter and the subscription's last error keep it. */
export const describeCause = (cause: Cause.Cause<unknown>): string =>
  Cause.pretty(cause).slice(0, 4000)

/** Connection-level failures say nothing about the event: retry later, never dead-letter. */
export const isTransient = (cause: Cause.Cause<unknown>): boolean => {
  const error = Cause.squash(cause)
  if (!(error instanceof SqlError.SqlError)) return false
  const code = (error.cause as { code?: unknown } | undefined)?.code
  return (
    typeof code !== "string" ||
    code.startsWith("08") ||
    ["57P01", "57P02", "57P03", "53300", "40001", "40P01"].includes(code)
  )
}
