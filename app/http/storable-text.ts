/**
 * Text PostgreSQL can store: no NUL character (text columns refuse it) and no half of a UTF-16 surrogate
 * pair without its other half (it has no UTF-8 form). Either would reach the database as a failed query,
 * so the edge refuses them in every body, path and query before any handler runs.
 */

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const unstorableMessage = "Text cannot contain NUL characters or unpaired UTF-16 surrogates."

export const isStorable = (text: string) => !text.includes("\u0000") && !loneSurrogate.test(text)

/** Whether a JSON body holds a key or a string that is not storable; a body that is not JSON is not ours to judge. */
export const jsonHasUnstorableText = (text: string) => {
  let found = false
  try {
    JSON.parse(text, (key, value) => {
      if (!isStorable(key) || (typeof value === "string" && !isStorable(value))) found = true
      return value
    })
  } catch {
    return false
  }
  return found
}

const notEncoded = "The address is not valid percent-encoded UTF-8."

/** What is wrong with a request's path or query, if it decodes to unstorable text or does not decode. */
export const urlProblem = (url: string): string | undefined => {
  const question = url.indexOf("?")
  const path = question === -1 ? url : url.slice(0, question)
  const query = question === -1 ? "" : url.slice(question + 1)
  try {
    if (!isStorable(decodeURIComponent(path))) return unstorableMessage
    // Each name and value strictly, as URLSearchParams would quietly replace a malformed sequence.
    for (const part of query.split(/[&=]/)) {
      if (!isStorable(decodeURIComponent(part.replaceAll("+", " ")))) return unstorableMessage
    }
    return undefined
  } catch {
    return notEncoded
  }
}
