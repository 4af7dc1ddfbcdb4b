import { Schema } from "effect"

/**
 * The music API's vocal removal (`/api/v1/vocal-removal/*`): a task on one of its tracks that splits it
 * into vocals and the rest (`separate_vocal`) or into every instrument it hears (`split_stem`), answered
 * as one link per stem, null where the song has none.
 */

/** Each stem link's field, and the name its file gets: what a DAW's track would be called. */
export const stemLinks = {
  vocalUrl: "Vocals",
  backingVocalsUrl: "Backing Vocals",
  instrumentalUrl: "Instrumental",
  drumsUrl: "Drums",
  percussionUrl: "Percussion",
  bassUrl: "Bass",
  guitarUrl: "Guitar",
  pianoUrl: "Piano",
  keyboardUrl: "Keyboard",
  stringsUrl: "Strings",
  synthUrl: "Synth",
  brassUrl: "Brass",
  woodwindsUrl: "Woodwinds",
  fxUrl: "FX",
} as const

const link = Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null })

export const SeparationInfo = Schema.Struct({
  successFlag: link,
  errorMessage: link,
  response: Schema.optionalWith(
    Schema.NullOr(
      Schema.Struct(
        Object.fromEntries(Object.keys(stemLinks).map((field) => [field, link])) as {
          [field in keyof typeof stemLinks]: typeof link
        },
      ),
    ),
    { default: () => null },
  ),
})

/** A separation task as we read it: PENDING, SUCCESS or a failure, and the stems it gave. */
export interface Separation {
  readonly status: string
  readonly stems: ReadonlyArray<{ readonly name: string; readonly url: string }>
  readonly errorMessage: string | null
}

export const separationOf = (info: typeof SeparationInfo.Type): Separation => ({
  status: info.successFlag ?? "PENDING",
  stems: Object.entries(stemLinks).flatMap(([field, name]) => {
    const url = info.response?.[field as keyof typeof stemLinks]
    return url ? [{ name, url }] : []
  }),
  errorMessage: info.errorMessage,
})

/** The statuses a separation ends in without its stems. */
export const separationFailed = (status: string) =>
  ["CREATE_TASK_FAILED", "GENERATE_AUDIO_FAILED", "CALLBACK_EXCEPTION"].includes(status)
