import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { type PlayedRequest, stemNames } from "#modules/music/ports.ts"
import { renderSong } from "./render-song.ts"
import { renderStems } from "./render-stems.ts"
import { crossfadeSamples } from "./splice.ts"
import { readWav } from "./wav-file.ts"

const folder = () => mkdtempSync(join(tmpdir(), "spliced-stems-"))
const source: PlayedRequest = {
  title: "Paper Boats",
  lyrics: "[Verse]\nPaper boats upon the river\nCarry all my secrets down",
  style: "upbeat pop with female vocals",
  seed: 7,
  maxSeconds: 30,
}
const continuation = "[Chorus]\nFloat away, float away\nTo the sea beyond the town"

const stemsOf = async (request: PlayedRequest) => {
  const rendered = await renderStems({ ...request, outDir: folder() })
  return Promise.all(stemNames.map((name) => readWav(rendered.paths[name])))
}

/** Root mean square of both channels over [from, to). */
const rms = (channels: ReadonlyArray<Float32Array>, from: number, to: number) => {
  let energy = 0
  for (const channel of channels) for (let i = from; i < to; i++) energy += channel[i]! ** 2
  return Math.sqrt(energy / (2 * (to - from)))
}

describe("the stems of a song joined from two takes", () => {
  it("are its source's stems up to the joint, then the new music's, all as long as the song", async () => {
    const made = await renderSong({ ...source, outDir: folder() })
    const atMs = made.facts.sections.at(-1)!.endMs
    const extension: PlayedRequest = {
      title: "Paper Boats (Extended)",
      lyrics: continuation,
      style: source.style,
      seed: 8,
      reshape: {
        kind: "extend",
        sourceAudio: made.mp3Path,
        sourceLyrics: made.syncedLyricsPath,
        sourceMidi: made.midiPath,
        source: made.facts,
        atMs,
        sourceRequest: source,
      },
    }
    const song = await readWav((await renderSong({ ...extension, outDir: folder() })).wavPath)
    const [before, after] = [await stemsOf(source), await stemsOf(extension)]

    const length = after[0]!.channels[0]!.length
    // The song's length, to the samples its MP3 source decoded to.
    expect(Math.abs(length - song.channels[0]!.length)).toBeLessThanOrEqual(50)
    // The joint is on the bar line the facts' millisecond rounds to: within 1 ms of it.
    const joint = Math.round((atMs / 1000) * 44_100) - 45
    for (const [i, stem] of after.entries()) {
      expect(stem.channels[0]!.length).toBe(length)
      const kept = before[i]!.channels.map((channel) =>
        channel.subarray(0, joint - crossfadeSamples),
      )
      for (const [c, channel] of kept.entries())
        expect(stem.channels[c]!.subarray(0, channel.length)).toEqual(channel)
    }
    // The continuation is sung on the vocal stem, and played on the others.
    const vocals = after[stemNames.indexOf("vocals")]!.channels
    expect(rms(vocals, joint, length)).toBeGreaterThan(0.01)
    const drums = after[stemNames.indexOf("drums")]!.channels
    expect(rms(drums, joint, length)).toBeGreaterThan(0.01)
  }, 120_000)
})
