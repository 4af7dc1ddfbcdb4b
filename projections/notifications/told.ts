import type { notificationKinds } from "./api.ts"

/** What kinds of news a person is told. */
export type NoticeKind = (typeof notificationKinds)[number]

/** One person told of one thing: who did it, the song it is about, and what the telling needs. */
export interface Told {
  readonly userId: string
  readonly kind: NoticeKind
  readonly actorId?: string
  readonly songId?: string
  readonly subjectId?: string
  readonly detail?: Record<string, unknown>
}
