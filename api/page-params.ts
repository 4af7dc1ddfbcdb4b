import { Schema } from "effect"
import { withMessage } from "./messages.ts"

const wholeNumber = (name: string, min: number, max: number) =>
  withMessage(
    Schema.NumberFromString.pipe(Schema.int(), Schema.between(min, max)),
    `${name} must be a whole number from ${min} to ${max}`,
  )

/** A page of a list, as url parameters: how many (1 to `maxLimit`) from where (0 to `maxOffset`). */
export const pageFields = (options: {
  readonly maxLimit: number
  readonly defaultLimit: number
  readonly maxOffset: number
}) => ({
  limit: Schema.optionalWith(wholeNumber("limit", 1, options.maxLimit), {
    default: () => options.defaultLimit,
  }),
  offset: Schema.optionalWith(wholeNumber("offset", 0, options.maxOffset), { default: () => 0 }),
})
