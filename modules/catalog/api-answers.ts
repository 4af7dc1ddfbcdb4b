import { Schema } from "effect"

// What the catalog's writes answer: what the song's own stream says once the write is stored. A song as
// the screens show it (likes, creator) is the songs read model's to tell (projections/songs/api.ts).

/** A saved song's id and the settings its owner chooses. */
export class SongSettings extends Schema.Class<SongSettings>("SongSettings")({
  id: Schema.String,
  isPublic: Schema.Boolean,
  /** Whether its owner lets others download its parts (stems and MIDI) while it is public. */
  partsShared: Schema.Boolean,
}) {}

/** Whether the person asking likes the song now. */
export class LikeState extends Schema.Class<LikeState>("LikeState")({
  liked: Schema.Boolean,
}) {}

/** Whether a play was counted: not when the same listener's last play of the song was within half an hour. */
export class PlayCounted extends Schema.Class<PlayCounted>("PlayCounted")({
  counted: Schema.Boolean,
}) {}

/** The songs a deletion removed: the one asked for, and with `versions=all` its generation's others. */
export class SongsDeleted extends Schema.Class<SongsDeleted>("SongsDeleted")({
  songIds: Schema.Array(Schema.String),
}) {}

/** How loud a song is along its length: the loudest sample of each equal slice, 0-100, drawn by the server. */
export class Waveform extends Schema.Class<Waveform>("Waveform")({
  peaks: Schema.Array(Schema.Int),
}) {}
