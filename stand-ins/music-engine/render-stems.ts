import { mkdir, rename, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import {
  type RenderedStems,
  type SongRequest,
  type StemName,
  stemNames,
} from "#modules/media/ports.ts"
import { sampleRate } from "./bar-grid.ts"
import { playSong } from "./play-song.ts"
import { restylePlan } from "./restyle.ts"
import { newSongPlan } from "./song-plan.ts"
import { wav16Of } from "./wav-file.ts"
import { workDirOf } from "./work-dir.ts"

/**
 * A song played again from its request, part by part: every choice comes from the same seeds, so it is
 * the same song, and each part is written as it sounds in the mix before mastering (stems.ts). A song
 * spliced from two renders (extended, or with a section replaced) is not played whole and has no stems.
 */
export const renderStems = async (request: SongRequest): Promise<RenderedStems> => {
  const { reshape, soundfont, outDir } = request
  if (reshape?.kind === "extend" || reshape?.kind === "replace-section")
    throw new Error("a spliced song has no stems of its own")
  const plan = reshape ? restylePlan(request, reshape.source) : newSongPlan(request)
  const workDir = workDirOf(outDir)
  await rm(workDir, { recursive: true, force: true })
  await mkdir(workDir, { recursive: true })
  try {
    const played = await playSong(plan, soundfont, workDir, () => {}, true)
    const stems = played.stems!
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
    return { paths, durationMs: Math.round((played.mix[0].length / sampleRate) * 1000) }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}
