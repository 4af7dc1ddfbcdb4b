import { Schema } from "effect"
import { SongOrigin } from "#events/contracts/song-operations.ts"

// A song as the screens read it (spec section 3: songs, plus what client views add).

export class SongView extends Schema.Class<SongView>("SongView")({
  id: Schema.String,
  userId: Schema.String,
  title: Schema.String,
  audioUrl: Schema.String,
  streamAudioUrl: Schema.String,
  imageUrl: Schema.NullOr(Schema.String),
  sourceImageUrl: Schema.NullOr(Schema.String),
  /** Milliseconds. */
  duration: Schema.Int,
  isPublic: Schema.Boolean,
  style: Schema.String,
  lyrics: Schema.String,
  createdAt: Schema.Date,
  /** The generation it came from. */
  taskId: Schema.NullOr(Schema.String),
  /** The song an operation made it from: "Extended from ...". */
  origin: Schema.NullOr(SongOrigin),
  likes: Schema.Int,
  /** Whether the person asking likes it. */
  liked: Schema.Boolean,
  /** Plays counted: once per listener per half hour, after 30 seconds or half the song. */
  plays: Schema.Int,
  /** Comments shown under it (none while its owner has them turned off). */
  comments: Schema.Int,
  /** The multi-track MIDI file, where its maker wrote one: for its owner, and others once shared. */
  midiUrl: Schema.NullOr(Schema.String),
  /** Whether its owner lets others download its parts (stems and MIDI) while it is public. */
  partsShared: Schema.Boolean,
  /** The lyrics as an LRC file, where its maker knows when each line is sung (JSON at `synced-lyrics`). */
  lrcUrl: Schema.NullOr(Schema.String),
  creator: Schema.Struct({ username: Schema.NullOr(Schema.String) }),
  /** Why an admin hid it: shown to its owner only (to anyone else it does not exist). */
  hidden: Schema.NullOr(Schema.String),
}) {}

/**
 * A song's wire form, built by hand for the lists: the timeline is read far more than anything else, and
 * Schema's encoding of twenty class instances costs more than reading the page. api.test.ts keeps it equal
 * to Schema's.
 */
export const encodeSongView = (song: SongView): typeof SongView.Encoded => ({
  id: song.id,
  userId: song.userId,
  title: song.title,
  audioUrl: song.audioUrl,
  streamAudioUrl: song.streamAudioUrl,
  imageUrl: song.imageUrl,
  sourceImageUrl: song.sourceImageUrl,
  duration: song.duration,
  isPublic: song.isPublic,
  style: song.style,
  lyrics: song.lyrics,
  createdAt: song.createdAt.toISOString(),
  taskId: song.taskId,
  origin: song.origin && { ...song.origin },
  likes: song.likes,
  liked: song.liked,
  plays: song.plays,
  comments: song.comments,
  midiUrl: song.midiUrl,
  partsShared: song.partsShared,
  lrcUrl: song.lrcUrl,
  creator: { username: song.creator.username },
  hidden: song.hidden,
})

export class PublicSongs extends Schema.Class<PublicSongs>("PublicSongs")({
  songs: Schema.Array(SongView),
  total: Schema.Int,
  /**
   * The order the pages are cut from: pass it back for the next page, and songs liked or published in
   * between do not shift the pages (nothing shown twice, nothing skipped).
   */
  snapshot: Schema.Int,
}) {}

/** One day of a song's plays (UTC). */
export class DayOfPlays extends Schema.Class<DayOfPlays>("DayOfPlays")({
  /** `YYYY-MM-DD`. */
  day: Schema.String,
  plays: Schema.Int,
}) {}

/** A song's plays on each of the last 30 days, oldest first, for its owner. */
export class DailyPlays extends Schema.Class<DailyPlays>("DailyPlays")({
  days: Schema.Array(DayOfPlays),
}) {}
