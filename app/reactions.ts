import type { Subscription } from "#events/store/index.ts"
import { billingReactions } from "#modules/billing/index.ts"
import { catalogReactions } from "#modules/catalog/index.ts"
import { mediaReactions } from "#modules/media/index.ts"

type Requirements<S> = S extends Subscription<infer R> ? R : never

/** Every module's reactions to other modules' events. */
export const reactions: ReadonlyArray<
  Subscription<
    Requirements<
      | (typeof billingReactions)[number]
      | (typeof catalogReactions)[number]
      | (typeof mediaReactions)[number]
    >
  >
> = [...billingReactions, ...catalogReactions, ...mediaReactions]
