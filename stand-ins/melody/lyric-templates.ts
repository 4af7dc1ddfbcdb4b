import { Schema } from "effect"
import { Genre } from "./lyric-genres.ts"
import { Tone } from "./lyric-moods.ts"
import lines from "./lyric-templates.json" with { type: "json" }

/**
 * Line templates by their part in the story (the lines are lyric-templates.json). Inline slots: {theme} a theme phrase, or one of the
 * kinds a line needs ({loved}, {object}, {idea}, {teacher}, {cause}, {root}, {someone}: see
 * lyric-lines.ts); {doing} the description's activity, {pursuit} the same when it is not a hardship;
 * {place} {sound} {sight} the genre's imagery, {hue} a mood adjective,
 * {title} the title. Every template ends with one rhyme slot (see lyric-rhymes.ts), so its last word
 * always comes from a rhyme family.
 *
 * Imagery and theme phrases may be plural ("the city lights", "summer nights"), so they are never the
 * subject of a present-tense verb that would have to agree with them.
 */

export type Role =
  /** Verse 1 opens: where we are. */
  | "scene"
  /** Verse 2 opens: the same world, later. */
  | "return"
  /** A theme phrase, remembered. */
  | "memory"
  /** A theme phrase, now. */
  | "now"
  /** The description's activity. */
  | "doing"
  | "feeling"
  /** The title, in the chorus. */
  | "hook"
  /** A promise or a resolve. */
  | "vow"
  /** The bridge's change of view. */
  | "turn"

/** Every role, in the order a song takes them up. */
export const Role = Schema.Literal(
  "scene",
  "return",
  "memory",
  "now",
  "doing",
  "feeling",
  "hook",
  "vow",
  "turn",
)

const Lines = Schema.Array(Schema.String)
const TemplateSet = Schema.partialWith(
  Schema.Record({ key: Schema.Union(Tone, Schema.Literal("any")), value: Lines }),
  { exact: true },
)
export type TemplateSet = typeof TemplateSet.Type

const Templates = Schema.Struct({
  templates: Schema.Record({ key: Role, value: TemplateSet }),
  /** Hooks where the title is a name: a place to go back to, something to be. */
  nameHooks: Lines,
  /** Lines in a genre's own voice, used alongside the shared ones. */
  genreTemplates: Schema.partialWith(
    Schema.Record({
      key: Genre,
      value: Schema.partialWith(Schema.Record({ key: Role, value: Lines }), { exact: true }),
    }),
    { exact: true },
  ),
})

export const { templates, nameHooks, genreTemplates } = Schema.decodeUnknownSync(Templates)(lines)
