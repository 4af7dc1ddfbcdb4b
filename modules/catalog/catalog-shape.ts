import type { HttpServerResponse } from "@effect/platform"
import type { Effect } from "effect"
import type { EmailNotVerified, SignedInUser, Unauthorized } from "#api/auth.ts"
import type { ContentRefused, NotFound, TooManyRequests } from "#api/refusals.ts"
import type { Writes } from "#events/handle-command.ts"
import type { Client } from "#toolkit/client.ts"
import type {
  AudioUnavailable,
  LikeState,
  PlayCounted,
  SaveSongPayload,
  SongIsPrivate,
  SongSettings,
  SongsDeleted,
  UnknownAudio,
  Waveform,
} from "./api.ts"
import type { CoverWidth } from "./api-covers.ts"
import type { SyncedLyrics } from "./api-synced-lyrics.ts"

/** How a song's file is asked for: a byte range for players that seek, a download to save it. */
export interface FileRequest {
  readonly rangeHeader: string | undefined
  readonly download: boolean
}

type Served<E = never> = Effect.Effect<HttpServerResponse.HttpServerResponse, NotFound | E>

/**
 * Songs, likes and plays, one function per thing a person does. A private song is "not found" to everyone but
 * its owner; a write answers with what the song's own stream says once it is stored.
 */
export interface CatalogShape {
  /**
   * Saves a generated version as a song (spec: POST /api/songs), the title, style and lyrics given
   * checked first; saving it again changes nothing.
   */
  readonly save: (
    user: SignedInUser,
    payload: SaveSongPayload,
  ) => Writes<SongSettings, UnknownAudio | ContentRefused>
  readonly setPrivacy: (
    user: SignedInUser,
    songId: string,
    isPublic: boolean,
  ) => Writes<SongSettings, NotFound>
  /** Lets others download the owner's song's parts (stems and MIDI) while it is public, or not. */
  readonly setPartsSharing: (
    user: SignedInUser,
    songId: string,
    shared: boolean,
  ) => Writes<SongSettings, NotFound>
  /** Deletes the owner's song, or with `allVersions` every version of its generation they have. */
  readonly deleteSongs: (
    user: SignedInUser,
    songId: string,
    allVersions: boolean,
  ) => Effect.Effect<SongsDeleted, NotFound>
  /** Likes count once per person; only public songs can be liked. */
  readonly like: (user: SignedInUser, songId: string) => Writes<LikeState, NotFound | SongIsPrivate>
  readonly unlike: (user: SignedInUser, songId: string) => Writes<LikeState, NotFound>
  /**
   * A play the player reports once it has played 30 seconds, or half a shorter song: counted once per
   * listener (a person, or a visitor by a hash of their address) per half hour, within a limit per address.
   */
  readonly play: (
    viewer: SignedInUser | undefined,
    songId: string,
    client: Client,
  ) => Writes<PlayCounted, NotFound | TooManyRequests>
  readonly audio: (songId: string, viewerId: string | undefined, request: FileRequest) => Served
  /**
   * The song as 16-bit PCM WAV, converted once and kept. Converting is work started: only for a signed-in
   * person with a verified address, within the limits; a kept WAV is read by whoever may see the song.
   */
  readonly wav: (
    songId: string,
    viewer: SignedInUser | undefined,
    rangeHeader: string | undefined,
  ) => Served<AudioUnavailable | Unauthorized | EmailNotVerified | TooManyRequests>
  /** The song as a multi-track MIDI file, for its owner, where its maker wrote one. */
  readonly midi: (songId: string, userId: string, rangeHeader: string | undefined) => Served
  /** When each line and word is sung, where its maker knows. */
  readonly syncedLyrics: (
    songId: string,
    viewerId: string | undefined,
  ) => Effect.Effect<SyncedLyrics, NotFound>
  /** The synced lyrics as an LRC file to save, word-timed where the words are known. */
  readonly lrc: (songId: string, viewerId: string | undefined) => Served
  /** A visible song's waveform, drawn once for anyone who may hear it, within the limits on drawing. */
  readonly waveform: (
    songId: string,
    viewer: SignedInUser | undefined,
  ) => Effect.Effect<Waveform, NotFound | AudioUnavailable | TooManyRequests>
  /** A smaller copy is made for anyone within the limits on making them; past them the cover comes whole. */
  readonly cover: (
    songId: string,
    viewer: SignedInUser | undefined,
    request: {
      readonly rangeHeader: string | undefined
      readonly acceptsWebp: boolean
      /** A smaller copy, for a page that shows the cover small. */
      readonly width: CoverWidth | undefined
    },
  ) => Served
  /** Every song of this person's, with its files, as one zip streamed as it is made. */
  readonly libraryDownload: (
    user: SignedInUser,
  ) => Effect.Effect<HttpServerResponse.HttpServerResponse>
}
