import { mkdir, rename, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import {
  type PlayedRequest,
  type RenderedStems,
  type SongRequest,
  type StemName,
  stemNames,
} from "#modules/music/ports.ts"
import { beatSample, sampleRate } from "./bar-grid.ts"
import { playSong } from "./play-song.ts"
import { restylePlan } from "./restyle.ts"
import { newSongPlan } from "./song-plan.ts"
import { splice } from "./splice.ts"
import { extendPlan, replacePlan } from "./splice-plans.ts"
import type { Stems } from "./stems.ts"
import { wav16Of } from "./wav-file.ts"
import { workDirOf } from "./work-dir.ts"

/**
 * A song's stems, each as long as the song. A song played whole is played again from its request, part by
 * part: every choice comes from the same seeds, so it is the same song, and each part is as it sounds in
 * the mix before mastering (stems.ts). A song spliced from two renders has its source's stems (played
 * again the same way, down to the song first played whole) joined with its new music's, part by part, at
 * the joints and with the crossfades its audio has.
 */
const stemsOf = async (
  request: PlayedRequest,
  soundfont: string | undefined,
  workDir: string,
): Promise<Stems> => {
  const { reshape } = request
  if (reshape?.kind !== "extend" && reshape?.kind !== "replace-section") {
    const plan = reshape ? restylePlan(request, reshape.source) : newSongPlan(request)
    return (await playSong(plan, soundfont, workDir, () => {}, true)).stems!
  }
  if (!reshape.sourceRequest) throw new Error("a spliced song's stems need its source's request")
  const sourceDir = join(workDir, "source")
  await mkdir(sourceDir)
  const source = await stemsOf(reshape.sourceRequest, soundfont, sourceDir)
  const joint =
    reshape.kind === "extend" ? extendPlan(request, reshape) : replacePlan(request, reshape)
  const played = await playSong(joint.plan, soundfont, workDir, () => {}, true)
  const { leadBeats, bars, bpm } = played.arrangement
  const from = beatSample(leadBeats, bpm)
  const to = joint.end === null ? played.mix[0].length : beatSample(leadBeats + bars * 4, bpm)
  return Object.fromEntries(
    stemNames.map((name) => {
      const after = source[name]
      const pieces = [
        { audio: after, from: 0, to: joint.start },
        { audio: played.stems![name], from, to },
        ...(joint.end === null ? [] : [{ audio: after, from: joint.end, to: after[0].length }]),
      ]
      return [name, splice(pieces)]
    }),
  ) as unknown as Stems
}

/** A song's stems written as 16-bit WAVs beside each other (see `stemsOf`). */
export const renderStems = async (request: SongRequest): Promise<RenderedStems> => {
  const { soundfont, outDir } = request
  const workDir = workDirOf(outDir)
  await rm(workDir, { recursive: true, force: true })
  await mkdir(workDir, { recursive: true })
  try {
    const stems = await stemsOf(request, soundfont, workDir)
    const paths = Object.fromEntries(
      stemNames.map((name) => [name, join(outDir, `${name}.wav`)]),
    ) as Record<StemName, string>
    await Promise.all(
      stemNames.map(async (name) => {
        await writeFile(
          join(workDir, `${name}.wav`),
          wav16Of({ sampleRate, channels: stems[name] }),
        )
        await rename(join(workDir, `${name}.wav`), paths[name])
      }),
    )
    return { paths, durationMs: Math.round((stems.vocals[0].length / sampleRate) * 1000) }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}
