import { randomBytes } from "node:crypto"

/**
 * `POST /v1/moderations` as OpenAI answers it: one result per input, each with `flagged`, every category
 * of `omni-moderation-latest` in `categories` and `category_scores`, and the input types they were
 * judged on. A text is flagged for the categories of every phrase the test marked that it contains.
 */

export const moderationCategories = [
  "harassment",
  "harassment/threatening",
  "hate",
  "hate/threatening",
  "illicit",
  "illicit/violent",
  "self-harm",
  "self-harm/intent",
  "self-harm/instructions",
  "sexual",
  "sexual/minors",
  "violence",
  "violence/graphic",
] as const

export type ModerationCategory = (typeof moderationCategories)[number]

export interface RecordedModeration {
  readonly authorization: string | undefined
  readonly body: { readonly model?: string; readonly input: string | ReadonlyArray<string> }
}

/** A phrase the fake flags, case aside, and what for. */
export interface FlaggedPhrase {
  readonly phrase: string
  readonly categories: ReadonlyArray<ModerationCategory>
}

const resultFor = (text: string, flagged: ReadonlyArray<FlaggedPhrase>) => {
  const found = new Set(
    flagged
      .filter((entry) => text.toLowerCase().includes(entry.phrase.toLowerCase()))
      .flatMap((entry) => entry.categories),
  )
  const each = <A>(value: (category: ModerationCategory) => A) =>
    Object.fromEntries(moderationCategories.map((category) => [category, value(category)]))
  return {
    flagged: found.size > 0,
    categories: each((category) => found.has(category)),
    category_scores: each((category) => (found.has(category) ? 0.93 : 0.0004)),
    category_applied_input_types: each(() => ["text"]),
  }
}

/** The endpoint's answer to a request body. */
export const moderationAnswer = (
  body: RecordedModeration["body"],
  flagged: ReadonlyArray<FlaggedPhrase>,
) => {
  const inputs = typeof body.input === "string" ? [body.input] : body.input
  return {
    id: `modr-${randomBytes(8).toString("hex")}`,
    model: body.model ?? "omni-moderation-latest",
    results: inputs.map((text) => resultFor(text, flagged)),
  }
}
