import { versionAudioPath } from "#events/contracts/media.ts"
import { CreditRefund, GeneratedSong, SongStatus } from "../api.ts"
import { type GenerationState, phaseOf } from "./generation.ts"

type Started = Exclude<GenerationState, { _tag: "None" }>

/** A version's audio as the dialog plays it; `final` once the whole generation is done. */
const songOf = (state: Started, version: Started["versions"][number]) => {
  const stream = versionAudioPath(version.versionId)
  const final = state._tag === "Succeeded" ? stream : ""
  return new GeneratedSong(
    {
      id: version.versionId,
      audioUrl: final,
      audio_url: final,
      streamAudioUrl: stream,
      stream_audio_url: stream,
      sourceAudioUrl: final,
      source_audio_url: final,
      sourceStreamAudioUrl: stream,
      source_stream_audio_url: stream,
      title: state.request.title,
      duration: version.durationMs / 1000,
      prompt: state.request.lyrics,
      imageUrl: version.imageKey
        ? `/api/media/versions/${version.versionId}/cover`
        : version.sourceImageUrl,
    },
    true,
  )
}

/**
 * The spec's status check of a started generation: its status and versions, the tagged phase beside the
 * status, and for a failed one the reason and whether its credits came back (`refunded`).
 */
export const statusView = (state: Started, refunded: boolean) => {
  const songs = state.versions.map((version) => songOf(state, version))
  if (state._tag !== "Failed") {
    return new SongStatus({
      status: state._tag === "Succeeded" ? "SUCCESS" : state.status,
      phase: phaseOf(state),
      songs,
      error: null,
      creditRefund: null,
    })
  }
  return new SongStatus({
    status: state.status,
    phase: "failed",
    songs,
    error: state.reason,
    creditRefund: new CreditRefund({ refunded, amount: refunded ? state.request.credits : 0 }),
  })
}
