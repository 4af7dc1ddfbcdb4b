import { JSONSchema, Schema } from "effect"
import { ActionType } from "#events/contracts/songwriting.ts"

// What a live model answers, as JSON: the shapes its answers are read with, and the response formats
// that ask for them (a JSON schema where the model takes one, any JSON object otherwise).

/** A field the action does not use: left out in a free JSON answer, null in a structured one. */
const unused = Schema.optionalWith(Schema.String, { nullable: true })

export const ReplyAnswer = Schema.parseJson(
  Schema.Struct({
    message: Schema.String.pipe(Schema.minLength(1)),
    action: Schema.Struct({
      type: ActionType,
      data: Schema.optionalWith(
        Schema.Struct({ title: unused, style: unused, description: unused, lyrics: unused }),
        { default: () => ({}) },
      ),
    }),
  }),
)

export const LyricsAnswer = Schema.parseJson(
  Schema.Struct({ lyrics: Schema.String.pipe(Schema.minLength(1)) }),
)

// Structured output takes every field as required, so an unused one is null. The message comes first:
// it is what a person reads while the rest is written.
const field = Schema.NullOr(Schema.String)
const StrictReply = Schema.Struct({
  message: Schema.String.annotations({ description: "What Melody says to the person" }),
  action: Schema.Struct({
    type: ActionType,
    data: Schema.Struct({ title: field, style: field, description: field, lyrics: field }),
  }),
})
const StrictLyrics = Schema.Struct({
  lyrics: Schema.String.annotations({
    description: "The lyrics, sections separated by blank lines",
  }),
})

const jsonSchemaFormat = (name: string, schema: Schema.Schema.AnyNoContext) => {
  const { $schema: _, ...jsonSchema } = JSONSchema.make(schema)
  return {
    type: "json_schema",
    json_schema: { name, strict: true, schema: jsonSchema as Record<string, unknown> },
  } as const
}

const jsonObject = { type: "json_object" } as const

/** How to ask for each answer: with its schema when the model follows one, as any JSON object if not. */
export const answerFormats = (structured: boolean) => ({
  reply: structured ? jsonSchemaFormat("melody_reply", StrictReply) : jsonObject,
  lyrics: structured ? jsonSchemaFormat("melody_lyrics", StrictLyrics) : jsonObject,
})
