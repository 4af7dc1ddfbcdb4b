/**
 * What a creator does to a finished song, as requests to the engine: each starts from the full render of
 * the same song in the same round (its MP3 and its facts).
 */

import type { EngineRequest, Rendered } from "./engine-child.ts"
import type { BenchSong } from "./songs.ts"

export const operationKinds = ["extend", "replace-section", "restyle", "instrumental"] as const
export type OperationKind = (typeof operationKinds)[number]

/** The song's request for `kind`, made from its full render `source`. */
export const operationRequest = (
  song: BenchSong,
  kind: OperationKind,
  source: Rendered,
  outDir: string,
): EngineRequest => {
  const base = { title: song.title, lyrics: song.lyrics, style: song.style, seed: 1, outDir }
  const { facts } = source
  switch (kind) {
    case "extend":
      return {
        ...base,
        lyrics: song.newVerse,
        operation: { kind, sourceAudio: source.mp3Path, source: facts, atMs: facts.endMs },
      }
    case "replace-section": {
      // The second verse, sung with other lines.
      const verse = facts.sections.filter((section) => section.label.startsWith("[Verse"))[1]!
      return {
        ...base,
        lyrics: song.newVerse,
        operation: {
          kind,
          sourceAudio: source.mp3Path,
          source: facts,
          startMs: verse.startMs,
          endMs: verse.endMs,
        },
      }
    }
    case "restyle":
      return { ...base, style: song.cover, operation: { kind, source: facts } }
    case "instrumental":
      return { ...base, instrumental: true }
  }
}
