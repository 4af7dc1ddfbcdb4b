import { Schema } from "effect"
import { BillingEvent } from "./billing.ts"
import { CatalogEvent } from "./catalog.ts"
import { CommentEvent, SongCommentsEvent } from "./comments.ts"
import { BlockEvent, FollowEvent, ProfileEvent } from "./community.ts"
import { CreditAdjustmentEvent } from "./credit-adjustments.ts"
import { ErrorReported } from "./errors.ts"
import { IdentityEvent } from "./identity.ts"
import { GenerationEvent } from "./media.ts"
import { CaseEvent, SuspensionEvent } from "./moderation.ts"
import { EmailChoiceChanged, NotificationReadingEvent } from "./notifications.ts"
import { PaymentMismatched } from "./payment-mismatches.ts"
import { PlaylistEvent } from "./playlists.ts"
import { ConversationEvent, LyricsDraftEvent } from "./songwriting.ts"
import { StemsEvent } from "./stems.ts"
import { VideoExportEvent } from "./video-exports.ts"
import { VoiceEvent } from "./voices.ts"

/**
 * Every fact the system records, from every module: what the store may hold. A reader decodes with the
 * narrower union of what it follows; this one is for what must know them all (every type name is unique,
 * every event is in some module's union), and a new event joins it through its module's union.
 */
export const DomainEvent = Schema.Union(
  IdentityEvent,
  ConversationEvent,
  LyricsDraftEvent,
  BillingEvent,
  PaymentMismatched,
  CreditAdjustmentEvent,
  CatalogEvent,
  FollowEvent,
  BlockEvent,
  ProfileEvent,
  PlaylistEvent,
  CommentEvent,
  SongCommentsEvent,
  NotificationReadingEvent,
  EmailChoiceChanged,
  CaseEvent,
  SuspensionEvent,
  GenerationEvent,
  VideoExportEvent,
  StemsEvent,
  VoiceEvent,
  ErrorReported,
)
export type DomainEvent = typeof DomainEvent.Type

type Member = { readonly _tag: string } | { readonly members: ReadonlyArray<Member> }
const eventsOf = (member: Member): ReadonlyArray<{ readonly _tag: string }> =>
  "members" in member ? member.members.flatMap(eventsOf) : [member]

/**
 * The type name of every event, as the store records it in its `type` column; an event two streams share
 * (lyrics written on the conversation and on the draft) is named once.
 */
export const domainEventTypes: ReadonlyArray<string> = [...new Set(eventsOf(DomainEvent))].map(
  (event) => event._tag,
)
