import { readFile, writeFile } from "node:fs/promises"
import { join } from "node:path"
import type { Voice } from "./genres.ts"
import { runProgram } from "./run-program.ts"
import { readWav } from "./wav-file.ts"

export interface Phone {
  readonly name: string
  readonly vowel: boolean
  /** Seconds into the line's audio. */
  readonly start: number
  readonly end: number
}

export interface SpokenSyllable {
  readonly stress: number
  readonly phones: ReadonlyArray<Phone>
}

export interface SpokenWord {
  readonly text: string
  readonly syllables: ReadonlyArray<SpokenSyllable>
}

/** A lyric line as Festival speaks it: mono audio at 44.1 kHz, and where each phone of each syllable is. */
export interface SpokenLine {
  readonly text: string
  readonly audio: Float32Array
  readonly sampleRate: number
  readonly words: ReadonlyArray<SpokenWord>
}

/** The female voice is HTS (32 kHz); the male one a diphone voice (16 kHz), the only male voice in Debian. */
const voiceCommands: Record<Voice, string> = {
  female: "(voice_cmu_us_slt_arctic_hts)",
  male: "(voice_kal_diphone)",
}

/** Scheme that speaks one line, saves it at 44.1 kHz, and dumps words, syllables and timed phones. */
const helpers = `
(define (tune_dump utt fd)
  (mapcar
   (lambda (w)
     (format fd "W %s\\n" (item.name w))
     (mapcar
      (lambda (syl)
        (format fd "S %s\\n" (item.feat syl "stress"))
        (mapcar
         (lambda (seg)
           (format fd "P %s %s %f %f\\n" (item.name seg) (item.feat seg "ph_vc")
                   (item.feat seg "segment_start") (item.feat seg "end")))
         (item.daughters syl)))
      (item.daughters (item.relation w 'SylStructure))))
   (utt.relation.items utt 'Word))
  t)
(define (tune_line text base)
  (let ((utt (utt.synth (eval (list 'Utterance 'Text text)))))
    (utt.wave.resample utt 44100)
    (utt.save.wave utt (string-append base ".wav") 'riff)
    (let ((fd (fopen (string-append base ".txt") "w")))
      (tune_dump utt fd)
      (fclose fd))))
`

const schemeString = (text: string) => `"${text.replace(/[\\"]/g, " ")}"`

interface MutableWord {
  text: string
  syllables: Array<{ stress: number; phones: Array<Phone> }>
}

/** Reads the dump: `W word`, `S stress`, `P phone +/- start end` lines. */
export const parseDump = (dump: string): ReadonlyArray<SpokenWord> => {
  const words: Array<MutableWord> = []
  for (const row of dump.split("\n")) {
    const [kind, ...fields] = row.trim().split(/\s+/)
    const word = words[words.length - 1]
    if (kind === "W") words.push({ text: fields.join(" "), syllables: [] })
    else if (kind === "S" && word)
      word.syllables.push({ stress: Number(fields[0]) || 0, phones: [] })
    else if (kind === "P" && word) {
      if (word.syllables.length === 0) word.syllables.push({ stress: 0, phones: [] })
      word.syllables[word.syllables.length - 1]!.phones.push({
        name: fields[0] ?? "",
        vowel: fields[1] === "+",
        start: Number(fields[2]),
        end: Number(fields[3]),
      })
    }
  }
  return words.filter(
    (word) =>
      word.syllables.length > 0 && word.syllables.every((syllable) => syllable.phones.length > 0),
  )
}

/**
 * Speaks every line with one Festival process. The CMU lexicon gives the syllables and their stress, so the
 * tune has exactly as many notes as the audio has syllables. `--heap 1000000`: the default heap costs
 * about 330 MB of memory per process.
 */
export const speakLines = async (
  lines: ReadonlyArray<string>,
  voice: Voice,
  workDir: string,
  name: string,
): Promise<ReadonlyArray<SpokenLine>> => {
  const base = (i: number) => join(workDir, `${name}-${i}`)
  const script = [
    helpers,
    voiceCommands[voice],
    ...lines.map((line, i) => `(tune_line ${schemeString(line)} ${schemeString(base(i))})`),
  ]
  const scriptPath = join(workDir, `${name}.scm`)
  await writeFile(scriptPath, `${script.join("\n")}\n`)
  await runProgram("festival", ["--heap", "1000000", "-b", scriptPath])
  return Promise.all(
    lines.map(async (text, i) => {
      const [wav, dump] = await Promise.all([
        readWav(`${base(i)}.wav`),
        readFile(`${base(i)}.txt`, "utf8"),
      ])
      return { text, audio: wav.channels[0]!, sampleRate: wav.sampleRate, words: parseDump(dump) }
    }),
  )
}
