import type { RenderFacts } from "#modules/music/ports.ts"
import { barSecondsOf } from "./bar-grid.ts"
import type { EngineRecord } from "./engine-record.ts"

const nameOf = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1)

/**
 * What media keeps of a render: its length, where its fade starts, its bars, its lyric sections as sung
 * ("[Verse 1]", "[Chorus]": numbered when a kind comes more than once), its voice, and the engine's record.
 */
export const factsOf = (record: EngineRecord, durationMs: number): RenderFacts => {
  const barMs = barSecondsOf(record.style.bpm) * 1000
  const counts = new Map<string, number>()
  for (const section of record.sections)
    counts.set(section.kind, (counts.get(section.kind) ?? 0) + 1)
  const numbered = new Map<string, number>()
  const sections = record.sections.map((section) => {
    const number = (numbered.get(section.kind) ?? 0) + 1
    numbered.set(section.kind, number)
    const name = nameOf(section.kind)
    return {
      label: (counts.get(section.kind) ?? 0) > 1 ? `[${name} ${number}]` : `[${name}]`,
      startMs: Math.round(section.startBar * barMs),
      endMs: Math.round((section.startBar + section.bars) * barMs),
      lines: section.lines.map((line) => line.text),
    }
  })
  const vocals = record.style.vocals
  return {
    durationMs,
    endMs: Math.round((record.bars - 1) * barMs),
    barMs,
    sections,
    voice: vocals ? { gender: vocals.voice, delivery: vocals.delivery } : null,
    engine: record,
  }
}

/** Each sung line, from its first syllable to the end of its last, in milliseconds. */
export const sungRegionsOf = (record: EngineRecord) =>
  record.sections
    .flatMap((section) => section.lines.map(({ startMs, endMs }) => ({ startMs, endMs })))
    .sort((a, b) => a.startMs - b.startMs)
