import { useMutation } from "@tanstack/react-query"
import { apiQuery, paidMutation } from "../../lib/api.ts"
import { liveKeys } from "../../lib/live-stream.ts"
import { isFinal, statusPollInterval } from "./generation-status.ts"

export const generationKeys = {
  all: ["song-generation"] as const,
  status: liveKeys.generation,
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
  /** No voice: the lead instrument plays the melody; lyrics are then optional. */
  readonly instrumental?: boolean
  /** A kept voice to sing it. */
  readonly voiceId?: string
}

/** Starts a generation (5 credits); answers the task to follow. */
export const useStartGeneration = () =>
  useMutation(
    paidMutation((api, song: SongToGenerate) =>
      api.media.generateSong({
        payload: {
          title: song.title.trim(),
          lyrics: song.lyrics.trim(),
          style: song.style.trim(),
          instrumental: song.instrumental ?? false,
          ...(song.voiceId ? { voiceId: song.voiceId } : {}),
        },
      }),
    ),
  )
