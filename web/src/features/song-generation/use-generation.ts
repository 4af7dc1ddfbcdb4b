import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useRef } from "react"
import { songKeys } from "../../lib/song-cache.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { songStatusQuery } from "./generation-queries.ts"

/** The balance the control is shown with, and how to read it again; the route brings both. */
export interface GenerationCredits {
  /** The balance; undefined while it loads (the server checks anyway). */
  readonly balance: number | undefined
  /** Reads the balance and its history again: after a debit, a success or a refund. */
  readonly refresh: () => unknown
}

/**
 * Follows a started generation: polls its status, says once when a poll fails, and reads the credits
 * (and, on success, the library the server saved the versions to) again as it moves on.
 */
export const useGeneration = (taskId: string | null, credits: GenerationCredits) => {
  const queryClient = useQueryClient()
  const status = useQuery({ ...songStatusQuery(taskId ?? ""), enabled: taskId !== null })
  const phase = status.data ? status.data.phase : null
  const refresh = useRef(credits.refresh)
  refresh.current = credits.refresh

  // The balance is read again as the song moves on: the debit when it starts, a refund at a failed end.
  useEffect(() => {
    if (taskId === null || phase === null) return
    refresh.current()
    if (phase === "done") void queryClient.invalidateQueries({ queryKey: songKeys.mine })
  }, [taskId, phase, queryClient])

  useEffect(() => {
    if (status.isError) {
      toast({
        title: "Error",
        description: "Failed to fetch song status",
        variant: "destructive",
      })
    }
  }, [status.isError])

  return { status, phase }
}
