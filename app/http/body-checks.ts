import {
  formProblem,
  isStorable,
  jsonHasUnstorableText,
  unstorableMessage,
} from "./storable-text.ts"

/**
 * Deeper than any body we accept: the payloads are flat records, and Stripe's events nest about eight
 * levels. Decoding a deeper one, or describing why it does not decode, recurses once per level.
 */
export const deepestJson = 32

/** Whether JSON text opens more than `max` objects or arrays inside each other, read without parsing it. */
export const nestsDeeperThan = (text: string, max: number) => {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      depth += 1
      if (depth > max) return true
    } else if (c === 0x7d || c === 0x5d) depth -= 1
  }
  return false
}

const isJson = (mediaType: string) =>
  mediaType === "application/json" || mediaType.endsWith("+json")

/**
 * What is wrong with a body of `mediaType` read as text, if anything: text PostgreSQL cannot store, however
 * the body writes it (JSON's escapes, a form's percent escapes, plain text), and JSON nested deeper than
 * any payload. Bodies read as bytes (an upload's files) are not text, and are not judged here; a
 * multipart body's fields are (multipart-body.ts).
 */
export const textBodyProblem = (mediaType: string, text: string): string | undefined => {
  if (isJson(mediaType)) {
    if (nestsDeeperThan(text, deepestJson))
      return `The request body nests objects or arrays deeper than ${deepestJson} levels.`
    return jsonHasUnstorableText(text) ? unstorableMessage : undefined
  }
  if (mediaType === "application/x-www-form-urlencoded") return formProblem(text)
  if (mediaType.startsWith("text/")) return isStorable(text) ? undefined : unstorableMessage
  return undefined
}
