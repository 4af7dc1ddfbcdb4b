import { Option, Schema } from "effect"
import type { RecordedEvent } from "#events/store/index.ts"
import type { LiveNotice } from "./api.ts"

/**
 * What a person's open pages are told as it happens: that one of their generations, video exports, their
 * credits or their notifications changed; the page then asks for what it shows, as it would on its own (a
 * notice carries ids only, never what the page reads).
 */
export type Notice = LiveNotice
export type NoticeKind = Notice["kind"]

/** The events that make a notice, by the kind of notice they make. */
const kinds: Record<string, NoticeKind> = {
  SongGenerationSubmitted: "generation",
  SongGenerationProgressed: "generation",
  SongGenerationSucceeded: "generation",
  SongGenerationFailed: "generation",
  VideoExportStarted: "video",
  VideoExportProgressed: "video",
  VideoExportCompleted: "video",
  VideoExportFailed: "video",
  SignupCreditsGranted: "credits",
  CreditsPurchased: "credits",
  SubscriptionCreditsGranted: "credits",
  CreditsDebited: "credits",
  CreditsRefunded: "credits",
  CreditsAdjusted: "credits",
  PaymentRefunded: "credits",
  PaymentDisputed: "credits",
  PaymentDisputeClosed: "credits",
}

/**
 * The events that are news for someone other than their actor, and whom: a new follower, a comment on
 * one's song or a reply to one's comment (the people the event names; never its writer).
 */
const Newsworthy = Schema.Union(
  Schema.Struct({ _tag: Schema.Literal("CreatorFollowed"), creatorId: Schema.String }),
  Schema.Struct({
    _tag: Schema.Literal("CommentPosted"),
    authorId: Schema.String,
    songOwnerId: Schema.String,
    parentAuthorId: Schema.NullOr(Schema.String),
  }),
)
const decodeNewsworthy = Schema.decodeUnknownOption(Newsworthy)

const toldOf = (event: RecordedEvent): ReadonlyArray<string> =>
  Option.match(decodeNewsworthy({ ...(event.data as object), _tag: event.type }), {
    onNone: () => [],
    onSome: (news) =>
      news._tag === "CreatorFollowed"
        ? [news.creatorId]
        : [...new Set([news.songOwnerId, news.parentAuthorId ?? news.authorId])].filter(
            (userId) => userId !== news.authorId,
          ),
  })

export const noticeTypes = [...Object.keys(kinds), "CreatorFollowed", "CommentPosted"]

/** Every one of these events names its person, and its generation or export where it has one. */
const Named = Schema.Struct({
  userId: Schema.String,
  generationId: Schema.optional(Schema.String),
  jobId: Schema.optional(Schema.String),
})
const decodeNamed = Schema.decodeUnknownOption(Named)

/** The person an event tells of their own things, and what it tells them; undefined for any other. */
const noticeOf = (
  event: RecordedEvent,
): { readonly userId: string; readonly notice: Notice } | undefined => {
  const kind = kinds[event.type]
  if (kind === undefined) return undefined
  return Option.getOrUndefined(
    Option.map(decodeNamed(event.data), (named) => ({
      userId: named.userId,
      notice:
        kind === "credits"
          ? { kind }
          : { kind, id: (kind === "generation" ? named.generationId : named.jobId) ?? "" },
    })),
  )
}

/** Everyone an event is news for, and what it tells each. */
export const noticesOf = (
  event: RecordedEvent,
): ReadonlyArray<{ readonly userId: string; readonly notice: Notice }> => {
  const own = noticeOf(event)
  if (own !== undefined) return [own]
  return toldOf(event).map((userId) => ({ userId, notice: { kind: "notifications" } }))
}
