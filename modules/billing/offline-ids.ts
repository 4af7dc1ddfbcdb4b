import { v5 as uuidv5 } from "uuid"

/**
 * Ids of the test mode's subscriptions, invoices and refunds, derived so that repeating an action repeats
 * the id. They are stored in events and links, so they keep the word they were first written with.
 */
export const offlineId = (prefix: string, from: string) =>
  `${prefix}_local_${uuidv5(from, "5a0e5b0c-2f4d-4b7e-8c1a-9d3e6f7a8b90").replaceAll("-", "")}`
