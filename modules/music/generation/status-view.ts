import { CreditRefund, GeneratedSong, SongStatus } from "../api.ts"
import { versionAudioPath } from "../api-version-paths.ts"
import { type GenerationState, phaseOf } from "./generation-state.ts"
import { previewIndexes, previewPath } from "./previews.ts"

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

/** A track still being made, as the dialog plays it: its stream, no final file yet. */
const previewOf = (state: Started, index: number) => {
  const stream = previewPath(state.request.generationId, index)
  return new GeneratedSong(
    {
      id: `${state.request.generationId}/${index}`,
      audioUrl: "",
      audio_url: "",
      streamAudioUrl: stream,
      stream_audio_url: stream,
      sourceAudioUrl: "",
      source_audio_url: "",
      sourceStreamAudioUrl: stream,
      source_stream_audio_url: stream,
      title: state.request.title,
      duration: 0,
      prompt: state.request.lyrics,
      imageUrl: null,
    },
    true,
  )
}

/** The versions kept so far and, in the places of the others, the tracks that can be heard already. */
const songsOf = (state: Started) => {
  const kept = state.versions.map((version) => ({
    index: version.index,
    song: songOf(state, version),
  }))
  const previews = previewIndexes(state).map((index) => ({ index, song: previewOf(state, index) }))
  return [...kept, ...previews].sort((a, b) => a.index - b.index).map(({ song }) => song)
}

/**
 * The spec's status check of a started generation: its status and versions, the tagged phase beside the
 * status, and for a failed one the reason and whether its credits came back (`refunded`).
 */
export const statusView = (state: Started, refunded: boolean) => {
  const songs = songsOf(state)
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
