import { Schema } from "effect"
import {
  CreditsAdjusted,
  CreditsPurchased,
  SubscriptionActivated,
  SubscriptionCancelled,
} from "#events/contracts/billing.ts"
import {
  SongDeleted,
  SongLiked,
  SongMadePrivate,
  SongMadePublic,
  SongSaved,
  SongUnliked,
} from "#events/contracts/catalog.ts"
import { AdjustmentRejected, AdjustmentRequested } from "#events/contracts/credit-adjustments.ts"
import {
  EmailVerified,
  UserLoggedIn,
  UserLoggedOut,
  UserRegistered,
} from "#events/contracts/identity.ts"
import {
  SongGenerationFailed,
  SongGenerationRequested,
  SongGenerationSucceeded,
} from "#events/contracts/media.ts"
import { LyricsWritten } from "#events/contracts/songwriting.ts"
import {
  VideoExportCompleted,
  VideoExportFailed,
  VideoExportRequested,
} from "#events/contracts/video-exports.ts"
import {
  isModerationActivity,
  ModerationActivityEvent,
  moderationActivityOf,
} from "./moderation-activity.ts"

/** The events that are something a person did (or had done for them), from every module. */
export const ActivityEvent = Schema.Union(
  UserRegistered,
  EmailVerified,
  UserLoggedIn,
  UserLoggedOut,
  LyricsWritten,
  SongGenerationRequested,
  SongGenerationSucceeded,
  SongGenerationFailed,
  SongSaved,
  SongMadePublic,
  SongMadePrivate,
  SongDeleted,
  SongLiked,
  SongUnliked,
  CreditsPurchased,
  CreditsAdjusted,
  AdjustmentRequested,
  AdjustmentRejected,
  SubscriptionActivated,
  SubscriptionCancelled,
  VideoExportRequested,
  VideoExportCompleted,
  VideoExportFailed,
  ...ModerationActivityEvent.members,
)
export type ActivityEvent = typeof ActivityEvent.Type

export const activityEventTypes: ReadonlyArray<string> = ActivityEvent.members.map((m) => m._tag)

/** One row of the spec's user_interactions: a type of at most 50 characters, details as JSON. */
export interface Activity {
  readonly userId: string
  readonly type: string
  readonly details: Record<string, unknown>
}

/** What a person did, in the words admins filter by; details hold taskId, title and style where known. */
export const activityOf = (event: ActivityEvent): Activity => {
  if (isModerationActivity(event)) return moderationActivityOf(event)
  const { userId } = event
  switch (event._tag) {
    case "UserRegistered":
      return { userId, type: "register", details: { username: event.username } }
    case "EmailVerified":
      return { userId, type: "verify_email", details: {} }
    case "UserLoggedIn":
      return { userId, type: "login", details: {} }
    case "UserLoggedOut":
      return { userId, type: "logout", details: {} }
    case "LyricsWritten":
      return {
        userId,
        type: "generate_lyrics",
        details: { title: event.title, style: event.style, source: event.source },
      }
    case "SongGenerationRequested":
      return {
        userId,
        type: "generate_song",
        details: { taskId: event.generationId, title: event.title, style: event.style },
      }
    case "SongGenerationSucceeded":
      return {
        userId,
        type: "song_generated",
        details: { taskId: event.generationId, title: event.title, style: event.style },
      }
    case "SongGenerationFailed":
      return {
        userId,
        type: "song_generation_failed",
        details: { taskId: event.generationId, status: event.status, reason: event.reason },
      }
    case "SongSaved":
      return {
        userId,
        type: "save_song",
        details: { songId: event.songId, title: event.title, style: event.style },
      }
    case "SongMadePublic":
      return { userId, type: "make_public", details: { songId: event.songId } }
    case "SongMadePrivate":
      return { userId, type: "make_private", details: { songId: event.songId } }
    case "SongDeleted":
      return { userId, type: "delete_song", details: { songId: event.songId } }
    case "SongLiked":
      return { userId, type: "like_song", details: { songId: event.songId } }
    case "SongUnliked":
      return { userId, type: "unlike_song", details: { songId: event.songId } }
    case "CreditsPurchased":
      return {
        userId,
        type: "purchase_credits",
        details: { pack: event.pack, credits: event.amount },
      }
    case "CreditsAdjusted":
      return {
        userId,
        type: "credits_adjusted",
        details: {
          credits: event.amount,
          reason: event.reason,
          ticket: event.ticket ?? null,
          requestedBy: event.requestedBy ?? null,
          approvedBy: event.approvedBy ?? null,
        },
      }
    case "AdjustmentRequested":
      return {
        userId,
        type: event.needsApproval ? "adjustment_pending" : "adjustment_requested",
        details: {
          credits: event.amount,
          reason: event.reason,
          ticket: event.ticket,
          requestedBy: event.requestedBy,
        },
      }
    case "AdjustmentRejected":
      return {
        userId,
        type: "adjustment_rejected",
        details: { reason: event.reason, rejectedBy: event.rejectedBy },
      }
    case "SubscriptionActivated":
      return { userId, type: "subscribe", details: { plan: event.plan } }
    case "SubscriptionCancelled":
      return { userId, type: "cancel_subscription", details: {} }
    case "VideoExportRequested":
      return {
        userId,
        type: "export_video",
        details: {
          taskId: event.jobId,
          songId: event.songId,
          title: event.songTitle,
          format: event.format,
        },
      }
    case "VideoExportCompleted":
      return { userId, type: "video_exported", details: { taskId: event.jobId } }
    case "VideoExportFailed":
      return {
        userId,
        type: "video_export_failed",
        details: { taskId: event.jobId, reason: event.reason },
      }
  }
}
