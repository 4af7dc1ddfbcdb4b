import { createHmac } from "node:crypto"
import { secretEquals } from "#toolkit/secret-equals.ts"

/**
 * Where the music API fetches our stored copy of a version it is to extend, cover or re-sing part of: a
 * path whose token is the version signed with the callback secret, so only links we gave out open.
 */
const tokenOf = (secret: string, versionId: string) =>
  createHmac("sha256", secret).update(`source:${versionId}`).digest("hex").slice(0, 32)

export const sourcePath = (secret: string, versionId: string) =>
  `/api/media/sources/${tokenOf(secret, versionId)}/${versionId}.mp3`

export const validSourceToken = (secret: string, versionId: string, token: string) =>
  secretEquals(token, tokenOf(secret, versionId))
