/** What kinds of news a person is told. */
export type NoticeKind =
  | "song_ready"
  | "song_failed"
  | "follower"
  | "comment"
  | "reply"
  | "likes"
  | "report_decided"
  | "hidden"
  | "appeal_decided"
  | "suspension_lifted"

/** One person told of one thing: who did it, the song it is about, and what the telling needs. */
export interface Told {
  readonly userId: string
  readonly kind: NoticeKind
  readonly actorId?: string
  readonly songId?: string
  readonly subjectId?: string
  readonly detail?: Record<string, unknown>
}
