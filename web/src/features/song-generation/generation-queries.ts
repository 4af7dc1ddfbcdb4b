import { useMutation } from "@tanstack/react-query"
import type { GeneratedSong } from "#modules/media/api.ts"
import { apiMutation, apiQuery, callApi } from "../../lib/api.ts"
import { isFinal, statusPollInterval, versionTitle } from "./generation-status.ts"

export const generationKeys = {
  all: ["song-generation"] as const,
  status: (taskId: string) => ["song-generation", "status", taskId] as const,
  saved: (versionId: string) => ["song-generation", "saved", versionId] as const,
}

/**
 * A generation's status, asked every 8 s until it succeeds or fails. A failed poll keeps the last answer
 * and tries again on the next tick, unless the generation does not exist (then nothing will change).
 */
export const songStatusQuery = (taskId: string) =>
  apiQuery({
    queryKey: generationKeys.status(taskId),
    call: (api) => api.media.songStatus({ urlParams: { taskId } }),
    staleTime: 0,
    refetchInterval: (query) => {
      const { data, error } = query.state
      if (data && isFinal(data)) return false
      if (error?._tag === "NotFound") return false
      return statusPollInterval
    },
    // The person may switch tabs while the song is made; the answer must be there when they return.
    refetchIntervalInBackground: true,
  })

export interface SongToGenerate {
  readonly title: string
  readonly style: string
  readonly lyrics: string
}

/** Starts a generation (5 credits); answers the task to follow. */
export const useStartGeneration = () =>
  useMutation(
    apiMutation((api, song: SongToGenerate) =>
      api.media.generateSong({
        payload: {
          title: song.title.trim(),
          lyrics: song.lyrics.trim(),
          style: song.style.trim(),
        },
      }),
    ),
  )

/** A version's song in the library, saved private as 'Title (Version N)'; saving again changes nothing. */
export const saveVersion = (
  song: GeneratedSong,
  index: number,
  generated: { readonly title: string; readonly style: string; readonly lyrics: string },
) =>
  callApi((api) =>
    api.catalog.saveSong({
      payload: {
        title: versionTitle(generated.title, index),
        audioUrl: song.audioUrl || song.audio_url,
        streamAudioUrl: song.streamAudioUrl || song.stream_audio_url,
        duration: Math.round(song.duration * 1000),
        isPublic: false,
        style: generated.style,
        lyrics: song.prompt || generated.lyrics,
        imageUrl: song.imageUrl,
      },
    }),
  )
