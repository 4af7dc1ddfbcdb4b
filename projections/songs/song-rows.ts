import type { SongOrigin } from "#events/contracts/song-operations.ts"

// The shapes in which the library and timeline read models give songs back, before they become views.

/** A song as the library and timeline read models give it back, for one viewer. */
export interface SongRow {
  readonly songId: string
  readonly ownerId: string
  readonly title: string
  readonly style: string
  readonly lyrics: string
  readonly imageKey: string | null
  readonly sourceImageUrl: string | null
  readonly durationMs: number
  /** Whether its owner made it public: others see it only while no admin has it hidden. */
  readonly isPublic: boolean
  /** Whether others see it: public, not hidden, its owner not suspended. */
  readonly shown: boolean
  /** Why an admin hid it, and where its appeal stands: for its owner's eyes. */
  readonly hidden: string | null
  readonly generationId: string | null
  readonly createdAt: Date
  /** The song an operation made it from. */
  readonly origin: SongOrigin | null
  readonly likes: number
  readonly liked: boolean
  readonly plays: number
  /** Comments shown under it: none while its owner has them turned off. */
  readonly comments: number
  /**
   * Whether the viewer may download its MIDI file, where its maker wrote one: its owner, or anyone signed
   * in while it is public and its parts are shared.
   */
  readonly midi: boolean
  /** Whether its owner lets others download its parts (stems and MIDI) while it is public. */
  readonly partsShared: boolean
  /** Whether its maker knows when each line is sung. */
  readonly syncedLyrics: boolean
  readonly creator: string | null
}

/** A page of the public timeline, as one viewer (or nobody) asks for it. */
export interface PublicQuery {
  readonly limit: number
  readonly offset: number
  /** The timeline's order as it stood at this moment, so pages do not shift while someone scrolls. */
  readonly snapshot: number | undefined
  readonly viewerId: string | undefined
}

/** A page of the public timeline, as the timeline's read model cuts it. */
export interface PublicPage {
  readonly songs: ReadonlyArray<SongRow>
  readonly total: number
  readonly snapshot: number
}

/** A page of a list read without a snapshot (Newest, Trending): an offset into the current order. */
export type ListQuery = Omit<PublicQuery, "snapshot">
