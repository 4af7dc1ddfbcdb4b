import { Effect } from "effect"
import type { MusicMakerName } from "#events/contracts/media.ts"
import { InvalidOperation, NothingToSing } from "../api.ts"
import type { SongToMake } from "../generation/generation-state.ts"
import type { RenderFacts } from "../ports.ts"
import { makerRules } from "./maker-operations.ts"

const sectionWords = "verse|chorus|hook|refrain|pre-?chorus|bridge|intro|outro"
const bracketed = new RegExp(`\\[[^\\]]*\\]|\\(\\s*(?:${sectionWords})\\b[^)]*\\)`, "gi")
const bareTag = new RegExp(`^\\s*(?:${sectionWords})(?:\\s*\\d+)?\\s*:?\\s*$`, "i")

/** A line as it is sung: its section tags ("[Chorus]", "(Verse 2)", "Hook:") are not words. */
const sungPart = (line: string) => {
  const rest = line.replace(bracketed, " ")
  return bareTag.test(rest) ? "" : rest
}

const noWords =
  "These lyrics have no words to sing, only section tags or punctuation: write at least one line of words."

/** The words a request sings: an operation's new lines, or the whole song's. */
const sungWords = (song: SongToMake) => {
  switch (song.reshaping?._tag) {
    case "extend":
      return song.reshaping.continuation
    case "replace-section":
      return song.reshaping.lines
    default:
      return song.lyrics
  }
}

/** Whether the maker can sing this request's words: lyrics to sing need a word it can sing. */
export const makerSings = (
  maker: MusicMakerName,
  song: SongToMake,
): Effect.Effect<void, NothingToSing> => {
  if (song.instrumental) return Effect.void
  const lines = sungWords(song).split("\n").map(sungPart)
  if (!lines.some((line) => /[\p{L}\p{N}]/u.test(line)))
    return Effect.fail(new NothingToSing({ message: noWords }))
  return lines.some(makerRules[maker].sings)
    ? Effect.void
    : Effect.fail(new NothingToSing({ message: makerRules[maker].cannotSing }))
}

/**
 * Whether the maker can make this operation, checked before it is paid: its words, and what its rules
 * allow for the song's facts.
 */
export const makerAccepts = (
  maker: MusicMakerName,
  song: SongToMake,
  facts: RenderFacts | undefined,
): Effect.Effect<void, NothingToSing | InvalidOperation> =>
  Effect.flatMap(makerSings(maker, song), () => {
    const refusal = song.reshaping && makerRules[maker].refusal(song.reshaping, facts)
    return refusal ? Effect.fail(new InvalidOperation({ message: refusal })) : Effect.void
  })
