import { type Arrangement, type ComposeOptions, compose, type LyricLine } from "./arrangement.ts"
import type { LyricSection } from "./lyrics.ts"
import { Random } from "./seeded-random.ts"
import type { Style } from "./style.ts"

/** Songs shorter than this repeat their chorus. */
export const shortestSeconds = 30

/** A first guess at the song's length, before the syllables are known: 2 bars a sung line, 1 rapped. */
const estimatedSeconds = (sections: ReadonlyArray<LyricSection>, style: Style) => {
  const barsPerLine = style.vocals?.delivery === "rap" ? 1 : 2
  let bars = 8
  sections.forEach((section, i) => {
    bars += Math.ceil((section.lines.length * barsPerLine) / 4) * 4
    if (section.kind === "chorus" && sections[i + 1] && sections[i + 1]!.kind !== "chorus")
      bars += 2
  })
  return (bars * 4 * 60) / style.bpm
}

/**
 * Which sections to sing: the chorus (or everything again) repeats until the song lasts `shortest`
 * seconds; sections past `maxSeconds` are left out, and a single long section loses its last lines.
 */
export const fitSections = (
  sections: ReadonlyArray<LyricSection>,
  style: Style,
  maxSeconds: number,
  shortest = shortestSeconds,
): ReadonlyArray<LyricSection> => {
  const plan = [...sections]
  const chorus = sections.find((section) => section.kind === "chorus")
  for (let added = 1; estimatedSeconds(plan, style) < shortest && added <= 8; added++)
    plan.push(chorus ?? sections[added % sections.length]!)
  while (plan.length > 1 && estimatedSeconds(plan, style) > maxSeconds) plan.pop()
  return shortenSection(plan, style, maxSeconds)
}

const shortenSection = (plan: ReadonlyArray<LyricSection>, style: Style, maxSeconds: number) => {
  const [only] = plan
  if (plan.length !== 1 || !only) return plan
  let lines = only.lines
  while (lines.length > 1 && estimatedSeconds([{ ...only, lines }], style) > maxSeconds)
    lines = lines.slice(0, -1)
  return [{ ...only, lines }]
}

/** The reverb's tail after the last bar. */
export const tailSeconds = 3

export const secondsOf = (arrangement: Arrangement) =>
  ((arrangement.bars * 4 + arrangement.leadBeats) * 60) / arrangement.bpm + tailSeconds

/**
 * Composes until the song fits `maxSeconds`: the plan only guessed at the lines' lengths, so the last
 * section (or, of a single section, the last line) goes until the real arrangement fits. A song never
 * gets shorter than its intro, one section and its outro, so a very slow one may run past a small limit.
 */
export const arrangeToFit = <Line extends LyricLine>(
  style: Style,
  lines: ReadonlyArray<Line>,
  seed: number,
  maxSeconds: number,
  options: ComposeOptions = {},
): { readonly arrangement: Arrangement; readonly lines: ReadonlyArray<Line> } => {
  let kept = lines
  for (;;) {
    const arrangement = compose(style, kept, new Random(seed), options)
    const lastSection = kept[kept.length - 1]?.section
    const shorter =
      kept[0]?.section !== lastSection
        ? kept.filter((line) => line.section !== lastSection)
        : kept.slice(0, -1)
    if (secondsOf(arrangement) <= maxSeconds || shorter.length === 0)
      return { arrangement, lines: kept }
    kept = shorter
  }
}
