import type { ModerationVerdict } from "./moderation.ts"

/**
 * What songs tell of, and others may read: violence, sex and despair are the matter of many songs, so a
 * text flagged for these alone is published. Anything else flagged is refused, with its name below (a
 * category the classifier adds later refuses too, in general words).
 */
const toldInSongs = new Set(["violence", "sexual", "self-harm", "self-harm/intent"])

const refusedAs: Readonly<Record<string, string>> = {
  harassment: "harassment",
  "harassment/threatening": "a threat",
  hate: "hate speech",
  "hate/threatening": "a hateful threat",
  illicit: "help with a crime",
  "illicit/violent": "help with a violent crime",
  "self-harm/instructions": "instructions for self-harm",
  "sexual/minors": "sexual content involving minors",
  "violence/graphic": "graphic violence",
}

/** How a refusal names what the text reads as, or undefined when it may be published. */
export const refusalOf = (verdict: ModerationVerdict): string | undefined => {
  if (!verdict.flagged) return undefined
  if (verdict.categories.length === 0) return "content Melody Studio doesn't publish"
  const refused = verdict.categories.find((category) => !toldInSongs.has(category))
  return refused === undefined
    ? undefined
    : (refusedAs[refused] ?? "content Melody Studio doesn't publish")
}
