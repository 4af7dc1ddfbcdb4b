import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Authenticated, EmailNotVerified, Unauthorized, Viewer } from "#api/auth.ts"
import { DownloadParams } from "#api/download-params.ts"
import { ContentRefused, NotFound, TooManyRequests } from "#api/refusals.ts"
import { LikeState, PlayCounted, SongSettings, SongsDeleted, Waveform } from "./api-answers.ts"
import {
  CoverParams,
  DeleteSongParams,
  PartsSharingPayload,
  PrivacyPayload,
  SaveSongPayload,
  SongPath,
} from "./api-payloads.ts"
import { AudioUnavailable, SongIsPrivate, UnknownAudio } from "./api-refusals.ts"
import { SyncedLyrics } from "./api-synced-lyrics.ts"

export * from "./api-answers.ts"
export * from "./api-payloads.ts"
export * from "./api-refusals.ts"

export class CatalogApi extends HttpApiGroup.make("catalog")
  .add(
    HttpApiEndpoint.get("libraryDownload", "/library/download")
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "application/zip" }))
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("saveSong", "/songs")
      .setPayload(SaveSongPayload)
      .addSuccess(SongSettings)
      .addError(UnknownAudio)
      .addError(ContentRefused)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.patch("setPrivacy", "/songs/:id/privacy")
      .setPath(SongPath)
      .setPayload(PrivacyPayload)
      .addSuccess(SongSettings)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.patch("setPartsSharing", "/songs/:id/parts-sharing")
      .setPath(SongPath)
      .setPayload(PartsSharingPayload)
      .addSuccess(SongSettings)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.del("deleteSong", "/songs/:id")
      .setPath(SongPath)
      .setUrlParams(DeleteSongParams)
      .addSuccess(SongsDeleted)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("like", "/songs/:id/like")
      .setPath(SongPath)
      .addSuccess(LikeState)
      .addError(NotFound)
      .addError(SongIsPrivate)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.del("unlike", "/songs/:id/like")
      .setPath(SongPath)
      .addSuccess(LikeState)
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.post("play", "/songs/:id/plays")
      .setPath(SongPath)
      .addSuccess(PlayCounted)
      .addError(NotFound)
      .addError(TooManyRequests)
      .middleware(Viewer)
      .annotate(
        OpenApi.Description,
        "Counts a play once the player has played 30 seconds of the song, or half of a shorter one.",
      ),
  )
  .add(
    HttpApiEndpoint.get("audio", "/songs/:id/audio")
      .setPath(SongPath)
      .setUrlParams(DownloadParams)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "audio/mpeg" }))
      .addError(NotFound)
      .middleware(Viewer),
  )
  .add(
    HttpApiEndpoint.get("waveform", "/songs/:id/waveform")
      .setPath(SongPath)
      .addSuccess(Waveform)
      .addError(NotFound)
      .addError(AudioUnavailable)
      .addError(TooManyRequests)
      .middleware(Viewer)
      .annotate(
        OpenApi.Description,
        "How loud the song is along its length, for a player to draw: drawn once on the server, then kept.",
      ),
  )
  .add(
    HttpApiEndpoint.get("wav", "/songs/:id/wav")
      .setPath(SongPath)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "audio/wav" }))
      .addError(NotFound)
      .addError(AudioUnavailable)
      .addError(Unauthorized)
      .addError(EmailNotVerified)
      .addError(TooManyRequests)
      .middleware(Viewer),
  )
  .add(
    HttpApiEndpoint.get("midi", "/songs/:id/midi")
      .setPath(SongPath)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "audio/midi" }))
      .addError(NotFound)
      .middleware(Authenticated),
  )
  .add(
    HttpApiEndpoint.get("syncedLyrics", "/songs/:id/synced-lyrics")
      .setPath(SongPath)
      .addSuccess(SyncedLyrics)
      .addError(NotFound)
      .middleware(Viewer),
  )
  .add(
    HttpApiEndpoint.get("lrc", "/songs/:id/lrc")
      .setPath(SongPath)
      .addSuccess(HttpApiSchema.Text({ contentType: "application/x-lrc" }))
      .addError(NotFound)
      .middleware(Viewer),
  )
  .add(
    HttpApiEndpoint.get("cover", "/songs/:id/cover")
      .setPath(SongPath)
      .setUrlParams(CoverParams)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "image/jpeg" }))
      .addError(NotFound)
      .middleware(Viewer),
  )
  .annotate(OpenApi.Description, "Songs: saving, privacy, likes, deletion, audio and downloads.") {}
