import type { Subscription } from "#events/store/index.ts"
import { billingReactions } from "#modules/billing/index.ts"
import { catalogReactions } from "#modules/catalog/index.ts"
import { communityReactions } from "#modules/community/index.ts"
import { identityReactions } from "#modules/identity/index.ts"
import { musicReactions } from "#modules/music/index.ts"
import { notificationReactions } from "#modules/notifications/index.ts"
import { videosReactions } from "#modules/videos/index.ts"

type Requirements<S> = S extends Subscription<infer R> ? R : never

/** Every module's reactions to other modules' events. */
export const reactions: ReadonlyArray<
  Subscription<
    Requirements<
      | (typeof billingReactions)[number]
      | (typeof catalogReactions)[number]
      | (typeof musicReactions)[number]
      | (typeof videosReactions)[number]
      | (typeof notificationReactions)[number]
      | (typeof identityReactions)[number]
      | (typeof communityReactions)[number]
    >
  >
> = [
  ...billingReactions,
  ...catalogReactions,
  ...musicReactions,
  ...videosReactions,
  ...notificationReactions,
  ...identityReactions,
  ...communityReactions,
]
