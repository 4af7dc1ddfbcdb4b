import type { Reshaping } from "#events/contracts/song-operations.ts"
import type { GenerationRequest } from "../generation/generation-state.ts"

/** The music API's endpoints that start from audio it fetches: ours, by a signed link. */
export type EditPath = "upload-extend" | "upload-cover" | "replace-section"

export interface EditOrder {
  readonly path: EditPath
  readonly fields: Readonly<Record<string, unknown>>
}

/** A track of one of the API's tasks, whose voice is to be kept as a persona. */
export interface PersonaOrder {
  readonly taskId: string
  readonly audioId: string
  readonly name: string
  readonly description: string
}

const seconds = (ms: number) => Math.round(ms / 10) / 100

/**
 * An operation as the music API is asked for it: extend from `continueAt`, a cover of the same words in
 * the new style, or a stretch sung again with the whole song's lyrics for context. `uploadUrl` is where it
 * fetches our stored copy of the version.
 */
export const editOrderOf = (
  request: GenerationRequest,
  reshaping: Reshaping,
  links: { readonly uploadUrl: string; readonly callBackUrl: string },
): EditOrder => {
  const persona = request.voice?.personaId
  const common = {
    ...links,
    title: request.title.slice(0, 80),
    ...(persona ? { personaId: persona } : {}),
  }
  switch (reshaping._tag) {
    case "extend":
      return {
        path: "upload-extend",
        fields: {
          ...common,
          defaultParamFlag: true,
          customMode: true,
          instrumental: request.instrumental,
          continueAt: seconds(reshaping.atMs),
          prompt: reshaping.continuation,
          style: request.style,
        },
      }
    case "restyle":
      return {
        path: "upload-cover",
        fields: {
          ...common,
          customMode: true,
          instrumental: request.instrumental,
          prompt: request.lyrics,
          style: request.style,
        },
      }
    case "replace-section":
      return {
        path: "replace-section",
        fields: {
          ...common,
          prompt: reshaping.lines,
          tags: request.style,
          infillStartS: seconds(reshaping.startMs),
          infillEndS: seconds(reshaping.endMs),
          fullLyrics: request.lyrics,
        },
      }
  }
}
