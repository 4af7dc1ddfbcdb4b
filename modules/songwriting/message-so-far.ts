import { Allow, parse } from "partial-json"

/**
 * Melody's message as far as a model has written its answer's JSON: what a person can read while the
 * rest is still coming. Nothing until the message has begun.
 */
export const messageSoFar = (partialAnswer: string): string => {
  try {
    const answer: unknown = parse(partialAnswer, Allow.ALL)
    return typeof answer === "object" &&
      answer !== null &&
      "message" in answer &&
      typeof answer.message === "string"
      ? answer.message
      : ""
  } catch {
    return ""
  }
}
