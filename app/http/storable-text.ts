/**
 * Text PostgreSQL can store: no NUL character (text columns refuse it) and no half of a UTF-16 surrogate
 * pair without its other half (it has no UTF-8 form). Either would reach the database as a failed query,
 * so the edge refuses them in every path and query, and in every body it reads as text (JSON, a form,
 * plain text, the fields of a multipart body) before any handler runs.
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

/**
 * Whether `a=1&b=2` (a query, or a form body) holds an unstorable name or value, or one that does not
 * decode: each is decoded strictly, as URLSearchParams would quietly replace a malformed sequence.
 */
const encodedPairsProblem = (pairs: string, notDecoded: string): string | undefined => {
  try {
    for (const part of pairs.split(/[&=]/)) {
      if (!isStorable(decodeURIComponent(part.replaceAll("+", " ")))) return unstorableMessage
    }
    return undefined
  } catch {
    return notDecoded
  }
}

/** What is wrong with a request's path or query, if it decodes to unstorable text or does not decode. */
export const urlProblem = (url: string): string | undefined => {
  const question = url.indexOf("?")
  const path = question === -1 ? url : url.slice(0, question)
  const query = question === -1 ? "" : url.slice(question + 1)
  try {
    if (!isStorable(decodeURIComponent(path))) return unstorableMessage
  } catch {
    return notEncoded
  }
  return encodedPairsProblem(query, notEncoded)
}

/** What is wrong with an `application/x-www-form-urlencoded` body, as with a query. */
export const formProblem = (body: string): string | undefined =>
  encodedPairsProblem(body, "The form is not valid percent-encoded UTF-8.")
