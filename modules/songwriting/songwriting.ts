import { Context, Effect, Layer } from "effect"
import { now } from "#toolkit/clock.ts"
import { DateTimeInfo } from "./api.ts"
import { describeDateTime } from "./date-time.ts"
import { makeLyricsForm } from "./lyrics-form.ts"
import { makeMelodyChat } from "./melody-chat.ts"
import type { SongwritingShape } from "./songwriting-shape.ts"

const make = Effect.gen(function* () {
  const chat = yield* makeMelodyChat
  const form = yield* makeLyricsForm
  return {
    ...chat,
    ...form,
    dateTime: (season) =>
      Effect.map(now, (date) => new DateTimeInfo(describeDateTime(date, season))),
  } satisfies SongwritingShape
})

/** Melody's chat and the lyrics form (see songwriting-shape.ts for each function's contract). */
export class Songwriting extends Context.Tag("@melody/songwriting/Songwriting")<
  Songwriting,
  SongwritingShape
>() {
  static readonly live = Layer.effect(Songwriting, make)
}
