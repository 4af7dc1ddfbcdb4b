import { Effect } from "effect"
import {
  type ExtendPayload,
  InvalidOperation,
  type ReplaceSectionPayload,
  type RestylePayload,
} from "../api.ts"
import { reshapedTitle } from "../api-operation-words.ts"
import type { SongToMake } from "../generation/generation-state.ts"
import { clock } from "../makers/maker-rules.ts"
import type { SungSection } from "../ports.ts"
import type { ReshapeSource } from "./song-reshaping.ts"

const invalid = (message: string) => Effect.fail(new InvalidOperation({ message }))

const lyricsOf = (sections: ReadonlyArray<SungSection>) =>
  sections.map((section) => `${section.label}\n${section.lines.join("\n")}`).join("\n\n")

/** "[Verse 2]", "verse 2" and "Verse 2" name the same section. */
const sameSection = (label: string, asked: string) =>
  label.replace(/[[\]]/g, "").trim().toLowerCase() ===
  asked.replace(/[[\]]/g, "").trim().toLowerCase()

const kept = (from: ReshapeSource, operation: SongToMake["reshaping"] & {}) => ({
  voice: null,
  title: reshapedTitle(from.song.title, operation._tag, ""),
  style: from.song.style,
  // A song without a voice stays without one.
  instrumental: from.facts?.voice === null,
  reshaping: operation,
})

/**
 * Extend: the song up to the point (its last bar unless said), then the continuation. The new song's
 * lyrics are the sections sung before the point and the continuation's.
 */
export const extendPlan = (from: ReshapeSource, payload: ExtendPayload) =>
  Effect.gen(function* () {
    const { song, facts } = from
    const durationMs = facts?.durationMs ?? song.durationMs
    const endMs = facts?.endMs ?? durationMs
    const atMs = payload.atSeconds === undefined ? endMs : Math.round(payload.atSeconds * 1000)
    if (atMs >= durationMs)
      return yield* invalid(
        `The song is ${clock(durationMs)} long: choose a point before its end to continue from.`,
      )
    const before = facts ? lyricsOf(facts.sections.filter((s) => s.startMs < atMs)) : song.lyrics
    return {
      ...kept(from, {
        _tag: "extend",
        songId: song.songId,
        versionId: song.versionId,
        title: song.title,
        atMs: Math.min(atMs, endMs),
        continuation: payload.lyrics,
      }),
      lyrics: [before, payload.lyrics].filter((part) => part !== "").join("\n\n"),
    } satisfies SongToMake
  })

/** The stretch a replacement sings over: a named section, or a range in seconds. */
const stretchOf = (from: ReshapeSource, payload: ReplaceSectionPayload) =>
  Effect.gen(function* () {
    const sections = from.facts?.sections ?? []
    if (payload.section !== undefined && payload.section !== "") {
      const named = sections.find((section) => sameSection(section.label, payload.section!))
      if (!named) {
        const known = sections.map((section) => section.label).join(", ")
        return yield* invalid(
          known === ""
            ? "This song's sections are not known: choose the start and end of the stretch to replace."
            : `This song has no section ${payload.section}. Its sections are ${known}.`,
        )
      }
      return { startMs: named.startMs, endMs: named.endMs, section: named.label }
    }
    const { startSeconds, endSeconds } = payload
    if (startSeconds === undefined || endSeconds === undefined)
      return yield* invalid("Choose a section, or the start and end of the stretch to replace.")
    const durationMs = from.facts?.durationMs ?? from.song.durationMs
    const startMs = Math.round(startSeconds * 1000)
    const endMs = Math.round(endSeconds * 1000)
    if (endMs - startMs < 1000)
      return yield* invalid("The stretch to replace must end at least a second after it starts.")
    if (endMs > durationMs)
      return yield* invalid(
        `The song is ${clock(durationMs)} long: the stretch to replace must end before that.`,
      )
    return { startMs, endMs, section: null }
  })

/**
 * Replace a section: the new lines sung over the stretch, everything else kept. The new song's lyrics are
 * the song's sections with the replaced ones' lines swapped for the new.
 */
export const replacePlan = (from: ReshapeSource, payload: ReplaceSectionPayload) =>
  Effect.gen(function* () {
    const stretch = yield* stretchOf(from, payload)
    const sections = from.facts?.sections ?? []
    const label = stretch.section ?? "[Section]"
    const lines = payload.lyrics.replace(/^\s*\[[^\]\n]*\]\s*\n/, "")
    const before = sections.filter((s) => s.endMs <= stretch.startMs)
    const after = sections.filter((s) => s.startMs >= stretch.endMs)
    const lyrics =
      sections.length === 0
        ? from.song.lyrics
        : [lyricsOf(before), `${label}\n${lines}`, lyricsOf(after)].filter((p) => p).join("\n\n")
    return {
      ...kept(from, {
        _tag: "replace-section",
        songId: from.song.songId,
        versionId: from.song.versionId,
        title: from.song.title,
        ...stretch,
        lines,
      }),
      lyrics,
    } satisfies SongToMake
  })

/** Restyle: the song's own lyrics and melody in another style. */
export const restylePlan = (from: ReshapeSource, payload: RestylePayload) =>
  Effect.gen(function* () {
    if (payload.style.toLowerCase() === from.song.style.trim().toLowerCase())
      return yield* invalid("That is the song's own style: describe another one to restyle it in.")
    const { song } = from
    return {
      ...kept(from, {
        _tag: "restyle",
        songId: song.songId,
        versionId: song.versionId,
        title: song.title,
      }),
      title: reshapedTitle(song.title, "restyle", payload.style),
      style: payload.style,
      lyrics: song.lyrics,
    } satisfies SongToMake
  })
