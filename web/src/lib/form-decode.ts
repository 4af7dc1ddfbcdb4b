import { Either, ParseResult, Schema } from "effect"
import { type Checked, firstPerField } from "./form.ts"

/** A form's values decoded with a schema, every issue kept: the first message of each field. */
export const decodeForm = <A, I>(schema: Schema.Schema<A, I>, values: unknown): Checked<A> =>
  Either.match(Schema.decodeUnknownEither(schema, { errors: "all" })(values), {
    onLeft: (error) => ({
      ok: false,
      errors: firstPerField(ParseResult.ArrayFormatter.formatErrorSync(error)),
    }),
    onRight: (value) => ({ ok: true, value }),
  })
