import { urlPath } from "#api/url-path.ts"

/** Where a generated version's audio is played from before it is a song; the catalog reads it back. */
export const versionAudioPath = (versionId: string) => `/api/media/versions/${versionId}/audio`

export const versionIdFromAudioPath = (url: string): string | undefined =>
  /^\/api\/media\/versions\/([0-9a-zA-Z-]{1,64})\/audio$/.exec(urlPath(url))?.[1]
