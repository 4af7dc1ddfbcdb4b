import { billingReactions } from "#modules/billing/index.ts"

/** Every module's reactions to other modules' events. */
export const reactions = [...billingReactions]
