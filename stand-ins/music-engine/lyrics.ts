export type SectionKind = "verse" | "chorus" | "bridge" | "intro" | "outro"

export interface LyricSection {
  readonly kind: SectionKind
  readonly lines: ReadonlyArray<string>
}

const sectionWords = "(verse|chorus|hook|refrain|pre-?chorus|bridge|intro|outro)"
/** `[Verse 1]`, `(Chorus x2)`, or a bare `Hook:` / `Verse 2`; "Chorus of birds" is a lyric. */
const bracketedTag = new RegExp(`^[[(]\\s*${sectionWords}\\b[^\\])]*[\\])]\\s*:?$`, "i")
const bareTag = new RegExp(`^${sectionWords}(\\s*\\d+)?\\s*:?$`, "i")

const kindOf = (word: string): SectionKind => {
  const lower = word.toLowerCase()
  if (lower === "hook" || lower === "refrain" || lower.startsWith("pre")) return "chorus"
  return lower as SectionKind
}

/** Characters Festival would read aloud or choke on become spaces. */
const cleanLine = (line: string) =>
  line
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/["\\{}<>|*_#~`]/g, " ")
    .replace(/\s+/g, " ")
    .trim()

/** A line of more than 12 words is cut at its commas, else in half: a phrase must fit 2-4 bars. */
const splitLongLine = (line: string): ReadonlyArray<string> => {
  const words = line.split(" ")
  if (words.length <= 12) return [line]
  const clauses = line.split(/(?<=[,;:])\s+/)
  if (clauses.length > 1) return clauses.flatMap(splitLongLine)
  const middle = Math.ceil(words.length / 2)
  return [words.slice(0, middle).join(" "), words.slice(middle).join(" ")]
}

/** Whether the lyrics name their sections with tags. */
export const namesSections = (text: string) =>
  text.split("\n").some((raw) => bracketedTag.test(raw.trim()) || bareTag.test(raw.trim()))

/**
 * Lyrics as sections of singable lines. Tags (`[Verse 1]`, `(Chorus)`, `Hook:`) name the sections; without
 * tags, blank lines separate stanzas, which alternate verse and chorus, and a stanza that repeats is a chorus.
 */
export const parseLyrics = (text: string): ReadonlyArray<LyricSection> => {
  const sections: Array<{ kind: SectionKind; lines: Array<string> }> = []
  let current: { kind: SectionKind; lines: Array<string> } | null = null
  let tagged = false
  const close = () => {
    if (current && current.lines.length > 0) sections.push(current)
    current = null
  }
  for (const raw of text.replace(/\r/g, "").split("\n")) {
    const line = raw.trim()
    const heading = line.match(bracketedTag) ?? line.match(bareTag)
    if (heading) {
      close()
      tagged = true
      current = { kind: kindOf(heading[1]!), lines: [] }
    } else if (line === "") {
      if (!tagged) close()
    } else {
      current ??= { kind: "verse", lines: [] }
      current.lines.push(...splitLongLine(cleanLine(line)).filter((part) => part.length > 0))
    }
  }
  close()
  if (tagged) return sections

  const keyOf = (section: { lines: ReadonlyArray<string> }) => section.lines.join("|").toLowerCase()
  const counts = new Map<string, number>()
  for (const section of sections) counts.set(keyOf(section), (counts.get(keyOf(section)) ?? 0) + 1)
  return sections.map((section, index) => ({
    kind: (counts.get(keyOf(section)) ?? 0) > 1 || index % 2 === 1 ? "chorus" : "verse",
    lines: section.lines,
  }))
}
