/**
 * A song's style text read as tags (spec section 3): genres, voices, instruments, and the other words
 * longer than two letters except "with", "and", "the", "style" and "music". Cards show two of the others;
 * filters use three.
 */

export interface StyleTags {
  readonly genres: ReadonlyArray<string>
  readonly voices: ReadonlyArray<string>
  readonly instruments: ReadonlyArray<string>
  readonly other: ReadonlyArray<string>
}

/** Each tag and the spellings that mean it; multi-word spellings are matched before single words. */
const genres: Record<string, ReadonlyArray<string>> = {
  pop: ["pop"],
  rock: ["rock"],
  "hip-hop": ["hip-hop", "hip hop", "hiphop", "rap"],
  jazz: ["jazz"],
  electronic: ["electronic", "electronica", "edm", "electro", "techno", "house", "synthwave"],
  "lo-fi": ["lo-fi", "lo fi", "lofi"],
  country: ["country"],
  classical: ["classical", "orchestral"],
  "r&b": ["r&b", "rnb", "r and b"],
  folk: ["folk"],
  blues: ["blues"],
  metal: ["metal"],
  reggae: ["reggae"],
  soul: ["soul"],
  funk: ["funk"],
  punk: ["punk"],
  indie: ["indie"],
  ambient: ["ambient"],
  disco: ["disco"],
  gospel: ["gospel"],
}
const voices: Record<string, ReadonlyArray<string>> = {
  male: ["male"],
  female: ["female"],
  tenor: ["tenor"],
  soprano: ["soprano"],
  choir: ["choir"],
}
const instruments: Record<string, ReadonlyArray<string>> = {
  guitar: ["guitar", "guitars"],
  piano: ["piano"],
  drums: ["drums", "drum"],
  violin: ["violin", "violins", "fiddle"],
  synth: ["synth", "synths", "synthesizer"],
  bass: ["bass"],
  strings: ["strings"],
  saxophone: ["saxophone", "sax"],
  trumpet: ["trumpet"],
  cello: ["cello"],
  flute: ["flute"],
  organ: ["organ"],
  ukulele: ["ukulele"],
  banjo: ["banjo"],
  harp: ["harp"],
}
const ignored = new Set(["with", "and", "the", "style", "music"])

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

const matcher = (table: Record<string, ReadonlyArray<string>>) => {
  const spellings = Object.entries(table)
    .flatMap(([tag, words]) => words.map((word) => ({ tag, word })))
    .sort((a, b) => b.word.length - a.word.length)
  return (text: string, found: Array<string>) => {
    let rest = text
    for (const { tag, word } of spellings) {
      const pattern = new RegExp(`(^|[^a-z0-9&])${escapeRegExp(word)}(?=$|[^a-z0-9&])`, "g")
      if (pattern.test(rest)) {
        if (!found.includes(tag)) found.push(tag)
        rest = rest.replace(pattern, "$1 ")
      }
    }
    return rest
  }
}

const findGenres = matcher(genres)
const findVoices = matcher(voices)
const findInstruments = matcher(instruments)

/** The tags of a style text, each list in the order first met and without repeats. */
export const styleTags = (style: string): StyleTags => {
  const found = {
    genres: [] as Array<string>,
    voices: [] as Array<string>,
    instruments: [] as Array<string>,
  }
  let rest = style.toLowerCase()
  rest = findGenres(rest, found.genres)
  rest = findVoices(rest, found.voices)
  rest = findInstruments(rest, found.instruments)
  const other: Array<string> = []
  for (const word of rest.split(/[^a-z0-9&'-]+/)) {
    const clean = word.replace(/^['-]+|['-]+$/g, "")
    if (clean.length > 2 && !ignored.has(clean) && !other.includes(clean)) other.push(clean)
  }
  // Found in order of the table, reported in order of the text.
  const byPosition = (list: Array<string>, table: Record<string, ReadonlyArray<string>>) =>
    list.sort((a, b) => firstAt(style, table[a]!) - firstAt(style, table[b]!))
  return {
    genres: byPosition(found.genres, genres),
    voices: byPosition(found.voices, voices),
    instruments: byPosition(found.instruments, instruments),
    other,
  }
}

const firstAt = (style: string, words: ReadonlyArray<string>) => {
  const lower = style.toLowerCase()
  const positions = words.map((word) => lower.indexOf(word)).filter((at) => at >= 0)
  return positions.length === 0 ? Number.MAX_SAFE_INTEGER : Math.min(...positions)
}

/** What a card shows: its genres, voices and instruments, and at most two other words. */
export const cardTags = (tags: StyleTags) => [
  ...tags.genres,
  ...tags.voices,
  ...tags.instruments,
  ...tags.other.slice(0, 2),
]

/** What a filter can match a song by: every tag, with at most three other words. */
export const filterTags = (tags: StyleTags) => [
  ...tags.genres,
  ...tags.voices,
  ...tags.instruments,
  ...tags.other.slice(0, 3),
]
