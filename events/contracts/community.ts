import { Schema } from "effect"

/**
 * The community's facts: who follows whom. Each pair is its own stream, `follow-<followerId>-<creatorId>`,
 * so following twice records nothing new and two people's follows never contend.
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

export const communityStreams = {
  follow: (followerId: string, creatorId: string) => `follow-${followerId}-${creatorId}`,
}
