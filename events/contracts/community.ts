import { Schema } from "effect"

/**
 * The community's facts: who follows whom, and how creators present themselves. Each pair is its own
 * stream, `follow-<followerId>-<creatorId>`, so following twice records nothing new and two people's
 * follows never contend; a creator's page is on `creator-profile-<userId>`.
 */

/** `followerId` now follows `creatorId`. */
export class CreatorFollowed extends Schema.TaggedClass<CreatorFollowed>()("CreatorFollowed", {
  followerId: Schema.String,
  creatorId: Schema.String,
}) {}

export class CreatorUnfollowed extends Schema.TaggedClass<CreatorUnfollowed>()(
  "CreatorUnfollowed",
  { followerId: Schema.String, creatorId: Schema.String },
) {}

export const FollowEvent = Schema.Union(CreatorFollowed, CreatorUnfollowed)
export type FollowEvent = typeof FollowEvent.Type

/**
 * What a creator's page says of them, as they last wrote it: the name others see (registration's until
 * they change it), a short text about themselves, and up to three links. Text, never markup.
 */
export class CreatorProfileEdited extends Schema.TaggedClass<CreatorProfileEdited>()(
  "CreatorProfileEdited",
  {
    userId: Schema.String,
    name: Schema.String,
    bio: Schema.String,
    links: Schema.Array(Schema.String),
  },
) {}

/**
 * A creator's avatar: the file of the one they uploaded (re-encoded by us, under `avatarKey`), or null
 * for the one drawn from their name; `previousKey` is the file it replaces, no longer shown.
 */
export class CreatorAvatarChanged extends Schema.TaggedClass<CreatorAvatarChanged>()(
  "CreatorAvatarChanged",
  {
    userId: Schema.String,
    avatarKey: Schema.NullOr(Schema.String),
    previousKey: Schema.NullOr(Schema.String),
  },
) {}

export const ProfileEvent = Schema.Union(CreatorProfileEdited, CreatorAvatarChanged)
export type ProfileEvent = typeof ProfileEvent.Type

/**
 * `blockerId` blocks `blockedId`: the blocked one's comments are hidden from the blocker, and the
 * blocked one cannot comment on the blocker's songs, reply to them or follow them. Each pair is its own
 * stream, `block-<blockerId>-<blockedId>`.
 */
export class PersonBlocked extends Schema.TaggedClass<PersonBlocked>()("PersonBlocked", {
  blockerId: Schema.String,
  blockedId: Schema.String,
}) {}

export class PersonUnblocked extends Schema.TaggedClass<PersonUnblocked>()("PersonUnblocked", {
  blockerId: Schema.String,
  blockedId: Schema.String,
}) {}

export const BlockEvent = Schema.Union(PersonBlocked, PersonUnblocked)
export type BlockEvent = typeof BlockEvent.Type

export const communityStreams = {
  follow: (followerId: string, creatorId: string) => `follow-${followerId}-${creatorId}`,
  block: (blockerId: string, blockedId: string) => `block-${blockerId}-${blockedId}`,
  profile: (userId: string) => `creator-profile-${userId}`,
}
