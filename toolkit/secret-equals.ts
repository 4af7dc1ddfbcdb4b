import { createHash, timingSafeEqual } from "node:crypto"

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest()

/**
 * Whether a secret someone presented is the one we hold, in time that does not depend on where they
 * differ: both are hashed first, so neither their contents nor their lengths show in the timing.
 */
export const secretEquals = (presented: string, held: string) =>
  timingSafeEqual(digest(presented), digest(held))
