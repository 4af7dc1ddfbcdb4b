import { Cause, FiberRefs, HashMap, Layer, List, Logger, LogLevel } from "effect"
import pino from "pino"
import { currentRequestId } from "#events/request-context.ts"
import { scrubText } from "#events/scrub.ts"

/** Keys whose values never reach a log line, wherever they appear. */
const secretKeys = [
  "password",
  "token",
  "secret",
  "cookie",
  "authorization",
  "apiKey",
  "api_key",
  "sessionId",
  "sid",
]

export const makePino = (level: string, destination?: pino.DestinationStream) =>
  pino(
    {
      level,
      base: { service: "melody-studio" },
      redact: {
        paths: secretKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `headers["${key}"]`]),
        censor: "[redacted]",
      },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  )

const pinoLevel = (level: LogLevel.LogLevel): pino.Level => {
  switch (level._tag) {
    case "Fatal":
      return "fatal"
    case "Error":
      return "error"
    case "Warning":
      return "warn"
    case "Debug":
      return "debug"
    case "Trace":
    case "All":
      return "trace"
    default:
      return "info"
  }
}

const render = (value: unknown): unknown =>
  value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value

/** Effect's log calls, written as pino JSON lines: annotations and spans become fields, causes become text. */
export const pinoLogger = (log: pino.Logger) =>
  Logger.make(({ logLevel, message, annotations, cause, spans, date, context }) => {
    const fields: Record<string, unknown> = {}
    // Read here rather than annotated per request: annotating costs every request, logging only the few logged.
    const requestId = FiberRefs.getOrDefault(context, currentRequestId)
    if (requestId !== undefined) fields.requestId = requestId
    for (const [key, value] of HashMap.toEntries(annotations)) fields[key] = render(value)
    // Errors quote what they were given: a bearer token or an API key in a message is masked like a field.
    if (!Cause.isEmpty(cause))
      fields.cause = scrubText(Cause.pretty(cause, { renderErrorCause: true }))
    const spanList = List.toArray(spans)
    if (spanList.length > 0) {
      fields.spans = Object.fromEntries(
        spanList.map((s) => [s.label, date.getTime() - s.startTime]),
      )
    }
    const parts = Array.isArray(message) ? message : [message]
    const text = scrubText(parts.filter((p) => typeof p === "string").join(" "))
    const extra = parts.filter((p) => typeof p !== "string").map(render)
    if (extra.length > 0) fields.details = extra.length === 1 ? extra[0] : extra
    log[pinoLevel(logLevel)](fields, text)
  })

export const loggerLayer = (level: string, destination?: pino.DestinationStream) => {
  const log = makePino(level, destination)
  return Layer.merge(
    Logger.replace(Logger.defaultLogger, pinoLogger(log)),
    Logger.minimumLogLevel(LogLevel.fromLiteral(toEffectLevel(level))),
  )
}

const toEffectLevel = (level: string): LogLevel.Literal => {
  switch (level) {
    case "trace":
      return "Trace"
    case "debug":
      return "Debug"
    case "warn":
      return "Warning"
    case "error":
      return "Error"
    case "fatal":
      return "Fatal"
    default:
      return "Info"
  }
}
