import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { type SongRequest, stemNames } from "#modules/music/ports.ts"
import { playSong } from "./play-song.ts"
import { renderStems } from "./render-stems.ts"
import { newSongPlan } from "./song-plan.ts"
import { readWav } from "./wav-file.ts"

const requestOf = (style: string): SongRequest => ({
  title: "Paper Boats",
  lyrics:
    "[Verse]\nPaper boats upon the river\nCarry all my secrets down\n[Chorus]\nFloat away, float away\nTo the sea beyond the town",
  style,
  seed: 7,
  outDir: mkdtempSync(join(tmpdir(), "stems-")),
  maxSeconds: 45,
})

/** The song as rendered (not for stems), before mastering, and its stems as written. */
const songAndStems = async (style: string) => {
  const request = requestOf(style)
  const song = await playSong(newSongPlan(request), undefined, request.outDir, () => {})
  const rendered = await renderStems(request)
  const stems = await Promise.all(stemNames.map((name) => readWav(rendered.paths[name])))
  return { song, stems, rendered }
}

/** How far below the mix its difference from the stems' sum lies, in dB. */
const residualDb = (
  mix: ReadonlyArray<Float32Array>,
  stems: ReadonlyArray<{ channels: ReadonlyArray<Float32Array> }>,
) => {
  let error = 0
  let signal = 0
  for (const c of [0, 1]) {
    for (let i = 0; i < mix[c]!.length; i++) {
      let sum = 0
      for (const stem of stems) sum += stem.channels[c]![i]!
      error += (sum - mix[c]![i]!) ** 2
      signal += mix[c]![i]! ** 2
    }
  }
  return 10 * Math.log10(error / signal)
}

/**
 * Where the voice comes in near `nearMs`, on the vocal stem: the first 5 ms frame from 150 ms before it
 * that rises clearly above what was heard just before (the last line's echo and room).
 */
const onsetMs = (vocals: ReadonlyArray<Float32Array>, nearMs: number) => {
  const frame = 220
  const frames = Math.floor(vocals[0]!.length / frame) - 1
  const levels = Array.from({ length: frames }, (_, f) => {
    let energy = 0
    for (let i = f * frame; i < (f + 1) * frame; i++)
      energy += (0.5 * (vocals[0]![i]! + vocals[1]![i]!)) ** 2
    return Math.sqrt(energy / frame)
  })
  const loud = [...levels].sort((a, b) => a - b)[Math.floor(frames * 0.95)]!
  const at = Math.floor(nearMs / 5)
  const before = levels.slice(Math.max(0, at - 60), Math.max(1, at - 30)).sort((a, b) => a - b)
  const floor = before[Math.floor(before.length / 2)]!
  for (let f = Math.max(0, at - 30); f < Math.min(frames, at + 60); f++)
    if (levels[f]! > 2 * floor + 0.05 * loud) return f * 5
  return Number.NaN
}

describe("stems", () => {
  it("are five 16-bit WAVs as long as the song whose sum is the song's mix before mastering", async () => {
    const { song, stems, rendered } = await songAndStems("upbeat pop with female vocals")
    for (const stem of stems) {
      expect(stem.sampleRate).toBe(44_100)
      expect(stem.channels).toHaveLength(2)
      expect(stem.channels[0]!.length).toBe(song.mix[0].length)
    }
    expect(rendered.durationMs).toBe(Math.round((song.mix[0].length / 44_100) * 1000))
    expect(residualDb(song.mix, stems)).toBeLessThan(-40)

    // Each line of the synced lyrics starts where the vocal stem's voice comes in.
    const lines = song.syncedLyrics!.lines
    expect(lines.length).toBeGreaterThanOrEqual(4)
    for (const line of lines)
      expect(
        Math.abs(onsetMs(stems[0]!.channels, line.startMs) - line.startMs),
        line.text,
      ).toBeLessThan(100)
  })

  it("keep lo-fi's record noise with the drums, so their sum is still the mix", async () => {
    const { song, stems } = await songAndStems("lo-fi hip-hop with rap")
    expect(residualDb(song.mix, stems)).toBeLessThan(-40)
  })

  it("of an instrumental have a silent vocal stem", async () => {
    const { song, stems } = await songAndStems("jazz instrumental with saxophone")
    expect(song.sung).toBe(false)
    expect(stems[0]!.channels[0]!.every((sample) => Math.abs(sample) < 1e-4)).toBe(true)
    expect(residualDb(song.mix, stems)).toBeLessThan(-40)
  })
})
