import { describe, expect, it } from "@effect/vitest"
import * as billing from "./billing.ts"
import * as catalog from "./catalog.ts"
import * as comments from "./comments.ts"
import * as creditAdjustments from "./credit-adjustments.ts"
import * as errors from "./errors.ts"
import * as identity from "./identity.ts"
import { domainEventTypes } from "./index.ts"
import * as media from "./media.ts"
import * as moderation from "./moderation.ts"
import * as notifications from "./notifications.ts"
import * as playlists from "./playlists.ts"
import * as songwriting from "./songwriting.ts"
import * as stems from "./stems.ts"
import * as voices from "./voices.ts"

const files = [
  billing,
  catalog,
  comments,
  creditAdjustments,
  errors,
  identity,
  media,
  moderation,
  notifications,
  playlists,
  songwriting,
  stems,
  voices,
]

/** Every tagged class the contract files declare: the events. */
const declared = files.flatMap((file) =>
  Object.values(file).flatMap((value: unknown) =>
    typeof value === "function" && "_tag" in value && typeof value._tag === "string"
      ? [value._tag]
      : [],
  ),
)

describe("DomainEvent", () => {
  it("holds every event the contracts declare", () => {
    expect(declared.length).toBeGreaterThan(50)
    expect([...new Set(declared)].filter((tag) => !domainEventTypes.includes(tag))).toEqual([])
  })

  it("names each event type once across the system", () => {
    expect(domainEventTypes.length).toBe(new Set(domainEventTypes).size)
  })
})
