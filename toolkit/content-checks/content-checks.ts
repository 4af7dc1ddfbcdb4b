import { Context, Effect, Layer } from "effect"
import { ContentRefused } from "#api/refusals.ts"
import { refusalOf } from "./content-policy.ts"
import { Moderation } from "./moderation.ts"
import { protectedArtistFinder } from "./protected-artists.ts"

/** One field of a request, as a refusal names it. */
export interface TextField {
  /** The request's field: `lyrics`, `bio`, `name`... */
  readonly field: string
  /** How a sentence starts with it: "The lyrics", "Your bio". */
  readonly label: string
  readonly text: string
  /** A style prompt, which may not name a protected artist either. */
  readonly style?: boolean
}

/** A description of a sound rather than of a person, for a refused style to suggest. */
const describedSound = `"breathy synth-pop, 80s drum machine, warm bass, 110 BPM"`

/**
 * Checks what people publish before it is saved or sent to a maker: a style against the protected
 * artists, then every text in one call to the moderation port. The first field refused is named, with why;
 * a caller checks before it writes or debits anything, so a refusal changes nothing and costs nothing.
 */
export class ContentChecks extends Context.Tag("@melody/ContentChecks")<
  ContentChecks,
  { readonly check: (fields: ReadonlyArray<TextField>) => Effect.Effect<void, ContentRefused> }
>() {
  static readonly make = (protectedArtists: ReadonlyArray<string>) =>
    Layer.effect(
      ContentChecks,
      Effect.gen(function* () {
        const moderation = yield* Moderation
        const artistIn = protectedArtistFinder(protectedArtists)

        const check = Effect.fn("ContentChecks.check")(function* (
          fields: ReadonlyArray<TextField>,
        ) {
          const given = fields.filter((field) => field.text.trim() !== "")
          for (const field of given) {
            const artist = field.style ? artistIn(field.text) : undefined
            if (artist !== undefined) {
              return yield* new ContentRefused({
                field: field.field,
                reason: "protected-artist",
                message: `${field.label} names ${artist}. Melody Studio doesn't imitate artists by name: describe the sound instead, for example ${describedSound}.`,
              })
            }
          }
          if (given.length === 0) return
          // The fallback stands behind the endpoint, so a failure here is the word list's own bug.
          const verdicts = yield* moderation
            .classify(given.map((field) => field.text))
            .pipe(Effect.orDie)
          for (const [index, field] of given.entries()) {
            const verdict = verdicts[index]
            const refusal = verdict === undefined ? undefined : refusalOf(verdict)
            if (refusal !== undefined) {
              return yield* new ContentRefused({
                field: field.field,
                reason: "flagged",
                message: `${field.label} can't be published as written (${refusal}). Please change the wording.`,
              })
            }
          }
        })
        return ContentChecks.of({ check })
      }),
    )
}
