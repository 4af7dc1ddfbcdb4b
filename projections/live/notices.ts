import { Option, Schema } from "effect"
import type { RecordedEvent } from "#events/store/index.ts"
import type { LiveNotice } from "./api.ts"

/**
 * What a person's open pages are told as it happens: that one of their generations, video exports or
 * their credits changed; the page then asks for what it shows, as it would on its own (a notice carries
 * ids only, never what the page reads).
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

export const noticeTypes = Object.keys(kinds)

/** Every one of these events names its person, and its generation or export where it has one. */
const Named = Schema.Struct({
  userId: Schema.String,
  generationId: Schema.optional(Schema.String),
  jobId: Schema.optional(Schema.String),
})
const decodeNamed = Schema.decodeUnknownOption(Named)

/** The person an event is news for, and what it tells them; undefined for any other event. */
export const noticeOf = (
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
