import { HttpServerResponse } from "@effect/platform"

const decoder = new TextDecoder()

export const jsonError = (status: number, body: Record<string, unknown>) =>
  HttpServerResponse.unsafeJson(body, { status })

/** Effect's own messages describe the schema; they need the field's name in front to be understood. */
const generic = /^(Expected |is missing|Unexpected )/

const sentence = (issue: { readonly path: ReadonlyArray<unknown>; readonly message: string }) => {
  if (issue.path.length === 0) {
    return issue.message.startsWith("Expected {")
      ? "The request body must be a JSON object."
      : issue.message
  }
  return generic.test(issue.message) ? `${issue.path.join(".")}: ${issue.message}` : issue.message
}

/**
 * Finishes an API answer: the built-in decode error's tree becomes one sentence per problem (the issues stay
 * for clients), and a 429 says when to come back in Retry-After.
 */
export const finishApiResponse = (response: HttpServerResponse.HttpServerResponse) => {
  if ((response.status !== 400 && response.status !== 429) || response.body._tag !== "Uint8Array")
    return response
  try {
    const body = JSON.parse(decoder.decode(response.body.body)) as {
      _tag?: string
      issues?: ReadonlyArray<{ path: ReadonlyArray<unknown>; message: string }>
      retryAfterSeconds?: number
    }
    if (response.status === 429 && typeof body.retryAfterSeconds === "number") {
      return HttpServerResponse.setHeader(response, "retry-after", String(body.retryAfterSeconds))
    }
    if (body._tag !== "HttpApiDecodeError" || !body.issues) return response
    const message = [...new Set(body.issues.map(sentence))].join("; ")
    return jsonError(400, { ...body, message })
  } catch {
    return response
  }
}
