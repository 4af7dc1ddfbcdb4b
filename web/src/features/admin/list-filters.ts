/** The filters of the activity and error lists, as typed in the form; empty means "any". */
export interface ListFilters {
  readonly userId: string
  /** An activity's type, or an error's source. */
  readonly type: string
  /** `datetime-local` values, in the reader's time zone. */
  readonly from: string
  readonly to: string
}

export const noFilters: ListFilters = { userId: "", type: "", from: "", to: "" }

export const activityTypes = [
  "register",
  "verify_email",
  "login",
  "logout",
  "generate_lyrics",
  "generate_song",
  "song_generated",
  "song_generation_failed",
  "save_song",
  "make_public",
  "make_private",
  "delete_song",
  "like_song",
  "unlike_song",
  "purchase_credits",
  "adjustment_requested",
  "adjustment_pending",
  "adjustment_rejected",
  "credits_adjusted",
  "subscribe",
  "cancel_subscription",
  "export_video",
  "video_exported",
  "video_export_failed",
] as const

export const errorSources = ["client", "server", "job", "subscription", "provider"] as const

const time = (value: string) => {
  const date = new Date(value)
  return value === "" || Number.isNaN(date.getTime()) ? undefined : date
}

/** The API's query: only the filters given, times as dates. */
export const toUrlParams = (filters: ListFilters, limit: number, offset: number) => {
  const userId = filters.userId.trim()
  const from = time(filters.from)
  const to = time(filters.to)
  return {
    limit,
    offset,
    ...(userId ? { userId } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  }
}

export const isFiltered = (filters: ListFilters) =>
  Object.values(filters).some((value) => value.trim() !== "")
