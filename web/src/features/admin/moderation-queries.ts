import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query"
import type { Outcome, ReportedKind } from "#events/contracts/moderation.ts"
import { callApi } from "../../lib/api.ts"
import { adminPollInterval } from "./admin-queries.ts"

const moderation = ["admin", "moderation"] as const

/** Open reports grouped by item, the most reported first, read again while shown. */
export const reportQueueQuery = queryOptions({
  queryKey: [...moderation, "reports"],
  queryFn: () =>
    callApi((api) => api.moderationQueue.reports({ urlParams: { limit: 50, offset: 0 } })),
  refetchInterval: adminPollInterval,
})

export const openAppealsQuery = queryOptions({
  queryKey: [...moderation, "appeals"],
  queryFn: () => callApi((api) => api.moderationQueue.appeals()),
  refetchInterval: adminPollInterval,
})

export const suspensionsQuery = queryOptions({
  queryKey: [...moderation, "suspensions"],
  queryFn: () => callApi((api) => api.moderationQueue.suspensions()),
  refetchInterval: adminPollInterval,
})

/** Every moderation list is read again after any decision: one decision may change all three. */
const useDecision = <A>(decide: (asked: A) => Promise<{ readonly message: string }>) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: decide,
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderation }),
  })
}

export interface ItemDecision {
  readonly kind: ReportedKind
  readonly id: string
  readonly outcome: Outcome
  readonly reason: string
  readonly until: Date | null
}

export const useDecide = () =>
  useDecision((payload: ItemDecision) => callApi((api) => api.decisions.decide({ payload })))

export const useDecideAppeal = () =>
  useDecision(
    (payload: {
      readonly kind: ReportedKind
      readonly id: string
      readonly restored: boolean
      readonly reason: string
    }) => callApi((api) => api.decisions.decideAppeal({ payload })),
  )

export const useSuspend = () =>
  useDecision(
    (payload: {
      readonly username: string
      readonly reason: string
      readonly until: Date | null
    }) => callApi((api) => api.decisions.suspend({ payload })),
  )

export const useLift = () =>
  useDecision((payload: { readonly username: string; readonly reason: string }) =>
    callApi((api) => api.decisions.lift({ payload })),
  )

/** How long a suspension lasts, as the admin picks it: days from now, or until lifted (0). */
export const suspensionLengths: ReadonlyArray<readonly [number, string]> = [
  [1, "1 day"],
  [7, "7 days"],
  [30, "30 days"],
  [0, "Until lifted"],
]

export const untilAfter = (days: number) =>
  days === 0 ? null : new Date(Date.now() + days * 24 * 60 * 60 * 1000)

/** Where an admin reads a reported item in its place. */
export const itemPlace = (kind: ReportedKind, id: string, songId: string | null) => {
  switch (kind) {
    case "song":
      return `/song/${id}`
    case "comment":
      return songId === null ? null : `/song/${songId}#comments`
    case "playlist":
      return `/playlist/${id}`
    case "creator":
      return `/u/${encodeURIComponent(id)}`
  }
}
