/**
 * Where the cover, the title and the waveform go in a frame of a given size. Portrait and square frames
 * stack them in a centred column; landscape frames put the cover left and the rest beside it. Positions
 * are even, so the picture's half-resolution colour planes line up with them.
 */

export interface Box {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface TitleBlock {
  readonly lines: ReadonlyArray<string>
  readonly centerX: number
  /** The baseline of each line, in frame pixels. */
  readonly baselines: ReadonlyArray<number>
  readonly fontSize: number
}

export interface VideoLayout {
  readonly cover: Box
  readonly title: TitleBlock
  readonly waves: Box
  /** Where the lyrics are drawn, with 'Show lyrics'. */
  readonly lyrics?: { readonly box: Box; readonly fontSize: number }
}

const even = (n: number) => 2 * Math.round(n / 2)

/** Advance widths of DejaVu Sans Bold in ems, rounded up by kind of character: a title never overflows. */
const emsOf = (char: string) => {
  if (/[ .,:;'!|iIjlft()[\]]/.test(char)) return 0.4
  if (/[MWmw@%]/.test(char)) return 1.05
  if (/[A-Z]/.test(char)) return 0.85
  if (/[a-z0-9]/.test(char)) return 0.72
  return 1
}
const widthOf = (text: string, fontSize: number) =>
  [...text].reduce((sum, char) => sum + emsOf(char), 0) * fontSize

/** Greedy word wrap; a word wider than a line is cut by characters. */
const wrap = (title: string, maxWidth: number, fontSize: number) => {
  const lines: Array<string> = []
  let line = ""
  for (const word of title.split(" ")) {
    const joined = line === "" ? word : `${line} ${word}`
    if (widthOf(joined, fontSize) <= maxWidth) {
      line = joined
      continue
    }
    if (line !== "") lines.push(line)
    line = ""
    if (widthOf(word, fontSize) <= maxWidth) {
      line = word
      continue
    }
    for (const char of word) {
      if (line !== "" && widthOf(line + char, fontSize) > maxWidth) {
        lines.push(line)
        line = ""
      }
      line += char
    }
  }
  if (line !== "") lines.push(line)
  return lines
}

/** At most two lines: the font shrinks to three quarters first, then the second line ends in "…". */
export const titleLines = (title: string, maxWidth: number, baseSize: number) => {
  const clean = title.replace(/\s+/gu, " ").trim()
  for (const fontSize of [baseSize, even(baseSize * 0.875), even(baseSize * 0.75)]) {
    const lines = wrap(clean, maxWidth, fontSize)
    if (lines.length <= 2) return { lines, fontSize }
  }
  const fontSize = even(baseSize * 0.75)
  const [first = "", second = ""] = wrap(clean, maxWidth, fontSize)
  const chars = [...second]
  let kept = chars.length
  while (kept > 0 && widthOf(`${chars.slice(0, kept).join("")}…`, fontSize) > maxWidth) kept--
  let fitted = chars.slice(0, kept).join("")
  // Whole words when the line has several: "and…", not "and Othe…".
  const midWord = kept < chars.length && chars[kept] !== " "
  if (midWord && fitted.includes(" ")) fitted = fitted.slice(0, fitted.lastIndexOf(" "))
  return { lines: [first, `${fitted.trimEnd()}…`], fontSize }
}

const titleBlock = (title: string, centerX: number, top: number, width: number, size: number) => {
  const { lines, fontSize } = titleLines(title, width, size)
  const lineHeight = Math.round(fontSize * 1.25)
  // Two lines' room is kept either way; a single line sits in its middle.
  const first = top + ((2 - lines.length) * lineHeight) / 2
  const baselines = lines.map((_, i) => Math.round(first + i * lineHeight + fontSize))
  return { block: { lines, centerX, baselines, fontSize }, height: 2 * Math.round(size * 1.25) }
}

/**
 * With lyrics, the picture takes the frame's upper part and the lyrics a band under it, which ends above
 * the bottom fifth in portrait frames, where stories and TikTok lay their own buttons and captions.
 */
export const layoutOf = (
  width: number,
  height: number,
  title: string,
  withLyrics = false,
): VideoLayout => {
  if (!withLyrics) return pictureLayout(width, height, title)
  const portrait = height > width
  const bandHeight = even(height * (portrait ? 0.16 : 0.2))
  const bandTop = even(height * (portrait ? 0.8 : 0.97)) - bandHeight
  const fontSize = even(Math.min(width, height) * (portrait ? 0.058 : 0.056))
  const picture = pictureLayout(width, bandTop, title)
  const boxWidth = even(width * 0.84)
  return {
    ...picture,
    lyrics: {
      box: { x: even((width - boxWidth) / 2), y: bandTop, width: boxWidth, height: bandHeight },
      fontSize,
    },
  }
}

const pictureLayout = (width: number, height: number, title: string): VideoLayout => {
  if (width > height) {
    const size = even(height * 0.6)
    const cover = { x: even(width * 0.08), y: even((height - size) / 2), width: size, height: size }
    const left = cover.x + size + even(width * 0.06)
    const columnWidth = width - even(width * 0.06) - left
    const fontSize = even(height * 0.06)
    const wavesHeight = even(height * 0.22)
    const gap = even(height * 0.06)
    const top = even((height - (2 * Math.round(fontSize * 1.25) + gap + wavesHeight)) / 2)
    const { block, height: titleHeight } = titleBlock(
      title,
      left + columnWidth / 2,
      top,
      columnWidth,
      fontSize,
    )
    const waves = { x: left, y: top + titleHeight + gap, width: columnWidth, height: wavesHeight }
    return { cover, title: block, waves }
  }
  const size = even(Math.min(width * 0.667, height * 0.46))
  const fontSize = even(Math.min(width, height) * 0.06)
  const wavesHeight = even(Math.min(width * 0.22, height * 0.15))
  const gapAbove = even(height * 0.04)
  const gapBelow = even(height * 0.03)
  const total = size + gapAbove + 2 * Math.round(fontSize * 1.25) + gapBelow + wavesHeight
  const top = even((height - total) / 2)
  const cover = { x: even((width - size) / 2), y: top, width: size, height: size }
  const textWidth = even(width * 0.86)
  const { block, height: titleHeight } = titleBlock(
    title,
    width / 2,
    top + size + gapAbove,
    textWidth,
    fontSize,
  )
  const wavesWidth = even(width * 0.89)
  const waves = {
    x: even((width - wavesWidth) / 2),
    y: top + size + gapAbove + titleHeight + gapBelow,
    width: wavesWidth,
    height: wavesHeight,
  }
  return { cover, title: block, waves }
}
