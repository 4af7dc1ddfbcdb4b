import { Effect, Schema } from "effect"
import { CatalogEvent, catalogEventTypes, type SongSaved } from "#events/contracts/catalog.ts"
import { CommentDeleted, CommentPosted, SongCommentsEvent } from "#events/contracts/comments.ts"
import { UserRegistered } from "#events/contracts/identity.ts"
import { decodeAll, type RecordedEvent } from "#events/store/index.ts"
import {
  type ModerationFact,
  moderationFactOf,
  moderationSchemas,
  moderationTypes,
} from "../withheld-columns.ts"

/** The comments' events that move a song's count of them: posted, deleted, turned off or on. */
const commentCountTypes = [
  "CommentPosted",
  "CommentDeleted",
  ...SongCommentsEvent.members.map((member) => member._tag),
]

/**
 * The events the song read models follow: the catalog's, registrations for creators' names, what moves
 * the count of comments a song shows, and what moderation hides.
 */
export const songFactTypes = [
  ...catalogEventTypes,
  "UserRegistered",
  ...commentCountTypes,
  ...moderationTypes,
]

const songModeration = moderationFactOf("song")

const decode = decodeAll(
  Schema.Union(
    CatalogEvent,
    UserRegistered,
    CommentPosted,
    CommentDeleted,
    SongCommentsEvent,
    ...moderationSchemas,
  ),
)

/**
 * A batch of song facts folded for set-based writes: what a batch ends with per song and per like, and
 * how much each song's like count moved. Order within the batch is kept where it matters (the last word
 * on a song's visibility or a like wins); a like event only exists when it changed something, so counts
 * move by exactly one each.
 */
export interface SongFacts {
  readonly creators: ReadonlyMap<string, string>
  readonly saved: ReadonlyArray<{ readonly song: SongSaved; readonly at: Date }>
  readonly visibility: ReadonlyMap<string, boolean>
  /** Whether others may download each song's parts, as the batch leaves it. */
  readonly partsSharing: ReadonlyMap<string, boolean>
  readonly likeDeltas: ReadonlyMap<string, number>
  /** Plays counted per song: they change no song's place in a list, so they touch none. */
  readonly playDeltas: ReadonlyMap<string, number>
  /** Comments posted less those deleted, per song: they touch none either. */
  readonly commentDeltas: ReadonlyMap<string, number>
  /** Whether each song takes (and shows) comments, as the batch leaves it. */
  readonly commentsOpen: ReadonlyMap<string, boolean>
  /** How each song's likes (less unlikes) and plays moved per day (UTC, `YYYY-MM-DD`). */
  readonly daily: ReadonlyArray<DayOfSong>
  readonly likes: ReadonlyArray<{
    readonly songId: string
    readonly userId: string
    readonly liked: boolean
  }>
  /** Hidings of songs and suspensions of their owners, in order. */
  readonly moderation: ReadonlyArray<ModerationFact>
  /** Songs their owners deleted: gone with their likes. */
  readonly deleted: ReadonlySet<string>
  /** Every song the batch touches. */
  readonly touched: ReadonlySet<string>
}

/** One song's day: how many likes (less unlikes) and plays it had. */
export interface DayOfSong {
  readonly songId: string
  readonly day: string
  readonly likes: number
  readonly plays: number
}

export const readSongFacts = (events: ReadonlyArray<RecordedEvent>) =>
  Effect.map(decode(events), (history): SongFacts => {
    const creators = new Map<string, string>()
    const saved: Array<{ song: SongSaved; at: Date }> = []
    const visibility = new Map<string, boolean>()
    const partsSharing = new Map<string, boolean>()
    const likeDeltas = new Map<string, number>()
    const playDeltas = new Map<string, number>()
    const commentDeltas = new Map<string, number>()
    const commentsOpen = new Map<string, boolean>()
    const daily = new Map<string, DayOfSong>()
    const countDay = (songId: string, at: Date, likes: number, plays: number) => {
      const day = at.toISOString().slice(0, 10)
      const key = `${songId}\u0000${day}`
      const counted = daily.get(key) ?? { songId, day, likes: 0, plays: 0 }
      daily.set(key, { ...counted, likes: counted.likes + likes, plays: counted.plays + plays })
    }
    const likes = new Map<string, { songId: string; userId: string; liked: boolean }>()
    const touched = new Set<string>()
    const deleted = new Set<string>()
    const moderation: Array<ModerationFact> = []
    for (const { event, recordedAt } of history) {
      switch (event._tag) {
        case "UserRegistered":
          creators.set(event.userId, event.username)
          break
        case "SongSaved":
          saved.push({ song: event, at: recordedAt })
          touched.add(event.songId)
          break
        case "SongMadePublic":
        case "SongMadePrivate":
          visibility.set(event.songId, event._tag === "SongMadePublic")
          touched.add(event.songId)
          break
        case "SongPartsShared":
        case "SongPartsUnshared":
          partsSharing.set(event.songId, event._tag === "SongPartsShared")
          break
        case "SongDeleted":
          deleted.add(event.songId)
          touched.add(event.songId)
          break
        case "SongLiked":
        case "SongUnliked": {
          const liked = event._tag === "SongLiked"
          likeDeltas.set(event.songId, (likeDeltas.get(event.songId) ?? 0) + (liked ? 1 : -1))
          countDay(event.songId, recordedAt, liked ? 1 : -1, 0)
          likes.set(`${event.songId}\u0000${event.userId}`, {
            songId: event.songId,
            userId: event.userId,
            liked,
          })
          touched.add(event.songId)
          break
        }
        case "SongPlayed":
          playDeltas.set(event.songId, (playDeltas.get(event.songId) ?? 0) + 1)
          countDay(event.songId, event.playedAt, 0, 1)
          break
        case "CommentPosted":
        case "CommentDeleted": {
          const by = event._tag === "CommentPosted" ? 1 : -1
          commentDeltas.set(event.songId, (commentDeltas.get(event.songId) ?? 0) + by)
          break
        }
        case "SongCommentsClosed":
        case "SongCommentsOpened":
          commentsOpen.set(event.songId, event._tag === "SongCommentsOpened")
          break
        case "ReportsDecided":
        case "AppealDecided":
        case "AccountSuspended":
        case "SuspensionLifted": {
          const fact = songModeration(event)
          if (fact === undefined) break
          moderation.push(fact)
          if ("itemId" in fact) touched.add(fact.itemId)
          break
        }
      }
    }
    return {
      creators,
      saved,
      visibility,
      partsSharing,
      likeDeltas,
      playDeltas,
      commentDeltas,
      commentsOpen,
      daily: [...daily.values()],
      likes: [...likes.values()],
      moderation,
      deleted,
      touched,
    }
  })
