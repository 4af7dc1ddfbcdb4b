import { useMutation } from "@tanstack/react-query"
import type { SongOperation } from "#events/contracts/song-operations.ts"
import type { ExtendPayload, ReplaceSectionPayload, RestylePayload } from "#modules/music/api.ts"
import { apiQuery, paidMutation } from "../../lib/api.ts"

/** The song's lyric sections as sung, to choose the one to replace. */
export const sectionsQuery = (songId: string) =>
  apiQuery({
    queryKey: ["song-operations", "sections", songId],
    call: (api) => api.reshaping.sections({ path: { songId } }),
  })

/** What each operation is started with. */
export type OperationRequest =
  | { readonly operation: "extend"; readonly payload: ExtendPayload }
  | { readonly operation: "replace-section"; readonly payload: ReplaceSectionPayload }
  | { readonly operation: "restyle"; readonly payload: RestylePayload }

export type { SongOperation }

/** Starts an operation on one's own song; answers the task to follow, like a generation. */
export const useStartOperation = (songId: string) =>
  useMutation(
    paidMutation((api, request: OperationRequest) => {
      const path = { songId }
      switch (request.operation) {
        case "extend":
          return api.reshaping.extend({ path, payload: request.payload })
        case "replace-section":
          return api.reshaping.replaceSection({ path, payload: request.payload })
        case "restyle":
          return api.reshaping.restyle({ path, payload: request.payload })
      }
    }),
  )
