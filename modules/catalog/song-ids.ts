import { v5 as uuidv5 } from "uuid"

/** Fixed: a version's song id is derived from it, so saving a version twice saves one song. */
const songIdNamespace = "6b1f3a52-8c2e-4f7a-9d61-3e5c0b7a2f14"
export const songIdOfVersion = (versionId: string) => uuidv5(versionId, songIdNamespace)
