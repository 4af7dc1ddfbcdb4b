import { Option, Schema } from "effect"
import { LiveNotice } from "#projections/live/api.ts"

const decode = Schema.decodeUnknownOption(Schema.parseJson(LiveNotice))

/** A live notice as the stream's message carries it (JSON), or undefined for anything else. */
export const readNotice = (data: string): LiveNotice | undefined =>
  Option.getOrUndefined(decode(data))
