import type { FakeTask } from "./music-api-tasks.ts"

/**
 * The music API's timestamped lyrics of one of a task's tracks, in its real shape: the sung words in
 * order, each with its seconds, a section's label and the line breaks carried inside the words
 * ("[Verse]\nThe ", "night\n"), as the real service gives them. The fake spreads the words evenly
 * over the middle of the track.
 */
export const alignedWordsOf = (task: FakeTask, durationSeconds: number) => {
  const lyrics = String(task.body.prompt ?? "")
  const words: Array<{ word: string; startS: number; endS: number }> = []
  let label = ""
  for (const line of lyrics.split("\n").map((text) => text.trim())) {
    if (/^\[.*\]$/.test(line)) {
      label = `${line}\n`
      continue
    }
    const sung = line.split(/\s+/).filter((word) => word !== "")
    sung.forEach((word, i) => {
      words.push({
        word: `${i === 0 ? label : ""}${word}${i === sung.length - 1 ? "\n" : " "}`,
        startS: 0,
        endS: 0,
      })
      label = ""
    })
  }
  const from = durationSeconds * 0.1
  const each = (durationSeconds * 0.8) / Math.max(1, words.length)
  const round = (seconds: number) => Math.round(seconds * 1000) / 1000
  return {
    alignedWords: words.map((word, i) => ({
      ...word,
      success: true,
      startS: round(from + i * each),
      endS: round(from + (i + 0.9) * each),
      palign: 0,
    })),
    waveformData: [0, 1, 0.5, 0.2],
    hootCer: 0.08,
    isStreamed: false,
  }
}
