import { useMutation, useQueryClient } from "@tanstack/react-query"
import { apiQuery, callApi } from "../../lib/api.ts"
import { liveKeys } from "../../lib/live-stream.ts"

const keys = {
  unread: [...liveKeys.notifications, "unread"] as const,
  list: [...liveKeys.notifications, "list"] as const,
}

/**
 * How many are unread: asked again on a live notice, and every minute for what no notice tells (a
 * song's likes reaching a milestone, a page whose live stream could not be held).
 */
export const unreadQuery = apiQuery({
  queryKey: keys.unread,
  call: (api) => api.notificationReads.unread(),
  refetchInterval: 60_000,
})

/** The newest twenty. */
export const notificationsQuery = apiQuery({
  queryKey: keys.list,
  call: (api) => api.notificationReads.notifications({ urlParams: { limit: 20 } }),
})

const useReading = <I>(send: (input: I) => Promise<unknown>) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveKeys.notifications }),
  })
}

/** Marks every notification through `through` (the newest shown) read. */
export const useReadAll = () =>
  useReading((through: number) =>
    callApi((api) => api.notificationReading.readAll({ payload: { through } })),
  )

export const useReadOne = () =>
  useReading((id: number) => callApi((api) => api.notificationReading.readOne({ path: { id } })))
